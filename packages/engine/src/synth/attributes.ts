// True attributes of every pipe (before some are hidden for imputation): install year from the
// neighbourhood's era with later replacements, material by era, nominal size by hierarchy.
import type { MaterialCode } from '@pipewise/domain';
import { distributionInches, inchesToMm, materialFor } from './materials.ts';
import type { PipeNet } from './network.ts';
import { hash32, intBetween, streamFor } from './rng.ts';
import type { StreetGraph } from './streets.ts';
import { STYLES } from './styles.ts';

export interface PipeTruth {
  readonly installYear: number;
  readonly material: MaterialCode;
  readonly diameterMm: number;
  /** Relaid since the area was built. */
  readonly replaced: boolean;
}

export function pipeAttributes(
  seed: number,
  streets: StreetGraph,
  net: PipeNet,
  mainInches: readonly number[],
  lastYear: number,
): PipeTruth[] {
  const replacedStreet = new Map<number, number>();
  return net.pipes.map((pipe, p) => {
    const random = streamFor(seed, 'pipe', p);
    const patch = streets.patches[pipe.patch]!;
    const style = STYLES[patch.style];
    const line = streets.edges[pipe.street]?.line ?? 'source';
    const main = mainInches[p]! > 0;
    // Streets were laid as a whole: one year per street line within a patch, a few years apart.
    const lineOffset = (hash32(`${seed}:${pipe.patch}:${line}`) % 7) - 1;
    let year = main ? patch.devYear - (hash32(`${seed}:${line}`) % 6) : patch.devYear + lineOffset;
    year = Math.min(lastYear, Math.max(1890, year));
    let replaced = false;
    if (!replacedStreet.has(pipe.street) && !main) {
      const r = streamFor(seed, 'replace', pipe.street);
      const from = Math.max(1975, year + 30);
      replacedStreet.set(
        pipe.street,
        r() < style.replacedShare && from < lastYear ? intBetween(r, from, lastYear) : 0,
      );
    }
    const relaid = main ? 0 : replacedStreet.get(pipe.street)!;
    if (relaid > 0) [year, replaced] = [relaid, true];
    const inches = main ? mainInches[p]! : distributionInches(random, year, pipe.road === 'collector');
    const diameterMm = inchesToMm(inches);
    return { installYear: year, material: materialFor(random, year, main, diameterMm), diameterMm, replaced };
  });
}

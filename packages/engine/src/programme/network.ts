// The programme's network from what the served analysis left (issue 39): ages counted at the programme's first
// year, each main's expected breaks aged from the scoring year to it by its material's law, its replacement's
// new-pipe rate, and mains an active project already holds left to that project (never renewed here).
import type { MaterialCode } from '@pipewise/domain';
import { ageingFactor } from './deterioration.ts';
import {
  DEFAULT_REPLACEMENT,
  newPipeRates,
  replacementMaterial,
  type NewPipeRate,
  type ReplacementRule,
} from './new-pipe-rates.ts';
import { yearlyDispersion } from './poisson-interval.ts';
import type { ProgrammeNetwork, ProgrammePipe } from './types.ts';

export interface ServedPipe {
  readonly id: number;
  readonly lengthM: number;
  readonly installYear: number | null;
  readonly material: number | null;
  readonly diameterMm: number | null;
  /** Expected breaks over the 12 months from the scoring date. */
  readonly expectedBreaks: number;
  readonly cof: number;
  /** RUL in whole years at the scoring date. */
  readonly rul: number | null;
  readonly breaks: number;
  /** An active project holds it. */
  readonly booked: boolean;
  /** Renewal cost; null when the diameter is unknown. */
  readonly cost: number | null;
  readonly from: number;
  readonly to: number;
}

export interface Ageing {
  readonly exponentByMaterial: Readonly<Record<string, number>>;
  readonly pooledExponent: number;
  readonly minAgeYears: number;
}

export interface NetworkOptions {
  readonly asOfYear: number;
  readonly startYear: number;
  readonly ageing: Ageing;
  readonly replacement?: ReplacementRule;
  readonly minLengthM: number;
  readonly maxLengthM: number;
  /** The utility's yearly break counts on record, oldest first (the interval's over-dispersion). */
  readonly yearlyBreaks?: readonly number[];
}

export interface ProgrammeBuild {
  readonly network: ProgrammeNetwork;
  readonly newPipeRates: NewPipeRate[];
  readonly replacement: ReplacementRule;
  readonly uncosted: number;
  readonly booked: number;
}

const exponentOf = (ageing: Ageing, material: number | null) =>
  ageing.exponentByMaterial[material === null ? '' : String(material)] ?? ageing.pooledExponent;

export function programmeNetwork(served: readonly ServedPipe[], o: NetworkOptions): ProgrammeBuild {
  if (o.startYear < o.asOfYear)
    throw new RangeError(`the programme starts in ${o.startYear}, before the scoring year ${o.asOfYear}`);
  const replacement = o.replacement ?? DEFAULT_REPLACEMENT;
  const offset = o.startYear - o.asOfYear;
  const rates = newPipeRates(
    served.map((p) => ({
      material: p.material as MaterialCode | null,
      lengthM: p.lengthM,
      ageYears: p.installYear === null ? null : o.asOfYear - p.installYear,
      expectedBreaks: p.expectedBreaks,
    })),
    [replacement.smallMaterial, replacement.largeMaterial],
  );
  const rateOf = new Map(rates.map((r) => [r.material, r.ratePerKm]));
  const pipes = served.map((p): ProgrammePipe => {
    const ageAtScoring = p.installYear === null ? null : Math.max(0, o.asOfYear - p.installYear);
    const pipe: ProgrammePipe = {
      id: p.id,
      lengthM: p.lengthM,
      ageYears: ageAtScoring,
      expectedBreaks: p.expectedBreaks,
      ageingExponent: exponentOf(o.ageing, p.material),
      cost: p.booked ? null : p.cost,
      cof: p.cof,
      recordedBreaks: p.breaks,
      rulYears: p.rul === null ? null : Math.max(0, p.rul - offset),
      renewedRatePerKm: rateOf.get(replacementMaterial(p.diameterMm, replacement))!,
      from: p.from,
      to: p.to,
    };
    // Aged from the scoring year to the programme's first.
    return offset === 0
      ? pipe
      : {
          ...pipe,
          ageYears: ageAtScoring === null ? null : ageAtScoring + offset,
          expectedBreaks: p.expectedBreaks * ageingFactor(pipe, offset, o.ageing.minAgeYears),
        };
  });
  return {
    network: {
      pipes,
      minAgeYears: o.ageing.minAgeYears,
      minLengthM: o.minLengthM,
      maxLengthM: o.maxLengthM,
      dispersion: yearlyDispersion(o.yearlyBreaks ?? []),
    },
    newPipeRates: rates,
    replacement,
    uncosted: served.filter((p) => !p.booked && p.cost === null).length,
    booked: served.filter((p) => p.booked).length,
  };
}

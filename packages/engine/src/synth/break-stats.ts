// Realised break rates of the drawn history (breaks per km·yr of pipe in service), overall and by
// material, so the metadata shows what the hazard model produced.
import { MATERIAL_SHORT_LABELS } from '@pipewise/domain';
import type { PipeTruth } from './attributes.ts';
import type { DrawnBreak } from './hazard.ts';
import { HAZARD_MODEL } from './hazard.ts';

const rate = (breaks: number, kmYears: number) =>
  kmYears > 0 ? Math.round((breaks / kmYears) * 10_000) / 10_000 : 0;

/** km·years each pipe was in service during the history window (installed mid-year). */
export function exposureKmYears(
  truth: PipeTruth,
  lengthM: number,
  asOf: { year: number; month: number },
): number {
  const end = asOf.year + (asOf.month - 1) / 12;
  const start = Math.max(end - HAZARD_MODEL.historyYears, truth.installYear + 0.5);
  return Math.max(0, end - start) * (lengthM / 1000);
}

export function breakStatistics(
  truth: readonly PipeTruth[],
  lengthM: readonly number[],
  breaks: readonly DrawnBreak[],
  asOf: { year: number; month: number },
) {
  const byMaterial: Record<string, { breaks: number; kmYears: number; ratePerKmYear: number }> = {};
  let kmYears = 0;
  truth.forEach((t, p) => {
    const exposure = exposureKmYears(t, lengthM[p]!, asOf);
    kmYears += exposure;
    const entry = (byMaterial[MATERIAL_SHORT_LABELS[t.material]!] ??= {
      breaks: 0,
      kmYears: 0,
      ratePerKmYear: 0,
    });
    entry.kmYears += exposure;
  });
  for (const b of breaks) byMaterial[MATERIAL_SHORT_LABELS[truth[b.pipe]!.material]!]!.breaks += 1;
  for (const entry of Object.values(byMaterial)) {
    entry.ratePerKmYear = rate(entry.breaks, entry.kmYears);
    entry.kmYears = Math.round(entry.kmYears * 10) / 10;
  }
  return {
    breaks: breaks.length,
    kmYears: Math.round(kmYears * 10) / 10,
    ratePerKmYear: rate(breaks.length, kmYears),
    byMaterial,
  };
}

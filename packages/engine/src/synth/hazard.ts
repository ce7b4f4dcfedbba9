// Break history drawn from a documented hazard model, so the LOF model has real structure to learn.
//
// Model: each pipe breaks as a non-homogeneous Poisson process with a power-law (Weibull) intensity in age
// and proportional covariates, the form reviewed by Kleiner & Rajani (2001, "Comprehensive review of
// structural deterioration of water mains: statistical models", Urban Water 3(3):131–150; power-law /
// Weibull NHPP and proportional hazards models, §3–4):
//
//   λ(t) [breaks/km·yr] = λ50[m] · (age/50)^(β[m]−1) · (D/150 mm)^(−γ) · soil[c, metallic?]
//                         · exp(κ·(P − 500 kPa)) · (1 + n)^δ · (1 + A·cos(2π·month/12))
//
// with m the material, D the diameter (small pipes break more: Kettler & Goulter 1985), soil corrosivity
// class c acting on iron and steel, static pressure P, n the pipe's previous breaks (break clustering, as
// in Le Gat's LEYP model) and a winter peak (frost and temperature-driven loads; January highest).
// λ50 values put the network average near 0.1–0.2 breaks/km·yr and old cast iron near 0.3–1, matching
// Folkman (2018, "Water Main Break Rates in the USA and Canada", Utah State University: 0.09/km·yr
// overall, cast iron 0.21/km·yr, PVC 0.02/km·yr on average).
import { MATERIAL, type MaterialCode } from '@pipewise/domain';
import { poisson } from '../random/mulberry32.ts';
import { streamFor } from './rng.ts';

export const HAZARD_MODEL = {
  name: 'power-law NHPP with proportional covariates',
  formula:
    'λ = λ50[m]·(age/50)^(β[m]−1)·(D/150mm)^(−γ)·soil[c]·exp(κ·(P−500kPa))·(1+n)^δ·(1+A·cos(2π·month/12)), per km·yr',
  sources: [
    'Kleiner & Rajani (2001) Urban Water 3(3):131–150',
    'Le Gat (2009) LEYP model (previous breaks)',
    'Folkman (2018) Water Main Break Rates in the USA and Canada, Utah State University',
  ],
  /** λ50 (breaks/km·yr at age 50) and Weibull shape β by material code. */
  materials: {
    [MATERIAL.CAST_IRON]: { lambda50PerKmYear: 0.13, shape: 2.2 },
    [MATERIAL.STEEL]: { lambda50PerKmYear: 0.12, shape: 2.0 },
    [MATERIAL.ASBESTOS_CEMENT]: { lambda50PerKmYear: 0.12, shape: 2.0 },
    [MATERIAL.DUCTILE_IRON]: { lambda50PerKmYear: 0.08, shape: 1.8 },
    [MATERIAL.PCRC]: { lambda50PerKmYear: 0.05, shape: 1.8 },
    [MATERIAL.PVC]: { lambda50PerKmYear: 0.06, shape: 1.5 },
    [MATERIAL.PEHDPE]: { lambda50PerKmYear: 0.04, shape: 1.4 },
  } as Readonly<Partial<Record<MaterialCode, { lambda50PerKmYear: number; shape: number }>>>,
  fallback: { lambda50PerKmYear: 0.12, shape: 1.8 },
  diameterExponent: 0.5,
  /** Multipliers by soil corrosivity class 1–4 for iron and steel, and for other materials. */
  soilMetallic: [0.8, 1, 1.4, 2.0],
  soilOther: [1, 1, 1.05, 1.1],
  pressurePerKpa: 0.0015,
  previousBreaksExponent: 0.3,
  winterAmplitude: 0.35,
  historyYears: 25,
} as const;

const METALLIC: ReadonlySet<number> = new Set([MATERIAL.CAST_IRON, MATERIAL.DUCTILE_IRON, MATERIAL.STEEL]);

export interface HazardPipe {
  readonly installYear: number;
  readonly material: MaterialCode;
  readonly diameterMm: number;
  readonly lengthM: number;
  readonly soilClass: number;
  readonly pressureKpa: number;
}

export interface DrawnBreak {
  readonly pipe: number;
  readonly date: string;
}

/** Break rate per km·yr of a pipe at an age, before seasonality. */
export function breakRate(pipe: HazardPipe, ageYears: number, previousBreaks: number): number {
  const h = HAZARD_MODEL;
  const m = h.materials[pipe.material] ?? h.fallback;
  const soil = (METALLIC.has(pipe.material) ? h.soilMetallic : h.soilOther)[pipe.soilClass - 1] ?? 1;
  return (
    m.lambda50PerKmYear *
    Math.pow(Math.max(0.5, ageYears) / 50, m.shape - 1) *
    Math.pow(pipe.diameterMm / 150, -h.diameterExponent) *
    soil *
    Math.exp(h.pressurePerKpa * (pipe.pressureKpa - 500)) *
    Math.pow(1 + previousBreaks, h.previousBreaksExponent)
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, month: number) =>
  [31, leap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month]!;

/** Breaks in the HAZARD_MODEL.historyYears before asOf (exclusive), month by month, in date order per pipe. */
export function drawBreaks(
  seed: number,
  pipes: readonly HazardPipe[],
  asOf: { year: number; month: number },
): DrawnBreak[] {
  const months = HAZARD_MODEL.historyYears * 12;
  const end = asOf.year * 12 + (asOf.month - 1);
  const seasonal = Array.from(
    { length: 12 },
    (_, m) => (1 + HAZARD_MODEL.winterAmplitude * Math.cos((2 * Math.PI * m) / 12)) / 12,
  );
  const out: DrawnBreak[] = [];
  pipes.forEach((pipe, p) => {
    const random = streamFor(seed, 'breaks', p);
    const km = pipe.lengthM / 1000;
    let previous = 0;
    for (let t = end - months; t < end; t++) {
      const year = Math.floor(t / 12);
      const month = t - year * 12;
      const age = year + (month + 0.5) / 12 - (pipe.installYear + 0.5);
      if (age < 0) continue;
      const mean = breakRate(pipe, age, previous) * km * seasonal[month]!;
      const count = poisson(random, mean);
      for (let k = 0; k < count; k++) {
        const day = 1 + Math.floor(random() * daysIn(year, month));
        out.push({ pipe: p, date: `${year}-${pad(month + 1)}-${pad(day)}` });
      }
      previous += count;
    }
  });
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.pipe - b.pipe));
}

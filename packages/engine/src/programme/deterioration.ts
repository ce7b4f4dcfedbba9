// A pipe's expected breaks in a future year, from the utility's own model (issue 39): the served LOF gives where the
// pipe stands today (expected breaks over the next 12 months) and RUL's power-law ageing (rul/ageing.ts, fitted per
// material on the utility's breaks) how fast it gets worse: breaks(t) = breaks(0) × (max(m, a + t) / max(m, a))^b.
// The trees are not aged: their age response is confounded with install year and flat past the oldest age bin
// (ageing.ts), the reason RUL uses the law too, so the programme and the RUL map agree on how a pipe ages.
//
// A renewed main breaks at the replacement material's new-pipe rate for the rest of the horizon (new-pipe-rates.ts).
// It is not aged: the law's floor already holds the first ten years flat, and a new main's ageing within a 5–50-year
// horizon is the least known part of the picture (no new main of the record is old enough to show it). The
// assumption is stated in the programme's report. It also keeps "more budget never gives more breaks" true: a main
// renewed earlier is never worse off in a later year than one renewed later.
import type { ProgrammePipe } from './types.ts';

/** The factor by which a pipe's yearly expected breaks have grown t years into the programme. */
export function ageingFactor(pipe: ProgrammePipe, years: number, minAgeYears: number): number {
  if (pipe.ageYears === null || pipe.ageingExponent === 0 || years === 0) return 1;
  const from = Math.max(minAgeYears, pipe.ageYears);
  return (Math.max(minAgeYears, pipe.ageYears + years) / from) ** pipe.ageingExponent;
}

/** Expected breaks of the pipe in year t if it is not renewed by then. */
export const agedBreaks = (pipe: ProgrammePipe, years: number, minAgeYears: number): number =>
  pipe.expectedBreaks * ageingFactor(pipe, years, minAgeYears);

/** Expected breaks of the main that replaced it, per year. */
export const renewedBreaks = (pipe: ProgrammePipe): number => (pipe.renewedRatePerKm * pipe.lengthM) / 1000;

/** Total risk of a year's expected breaks: P(≥ 1 break) under a Poisson process × the consequence. */
export const riskOf = (expectedBreaks: number, cof: number): number => (1 - Math.exp(-expectedBreaks)) * cof;

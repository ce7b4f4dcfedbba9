// Population years of the map's population control (spec 000 §9).
import type { ViewKey } from './types.ts';

/** Projection years per country as the spec lists them (MAP-POP-02/03). */
export const POPULATION_PROJECTION_YEARS = {
  JP: [2030, 2035, 2040, 2045, 2050],
  US: [2030, 2040, 2050],
} as const satisfies Record<string, readonly number[]>;

/**
 * MAP-POP-04 (ambiguous) — our reading: the default year is the country's base year, i.e. the year of the
 * population data itself (JP 2025, the census year; US 2030, its first and only near-term year). The population
 * view offers the base year plus the projections; the population-change view drops the base year, as a change
 * from the base year to itself is always 0 (MAP-POP-06).
 */
export const POPULATION_BASE_YEAR = { JP: 2025, US: 2030 } as const satisfies Record<
  keyof typeof POPULATION_PROJECTION_YEARS,
  number
>;

/** The map's default year (spec 000 §9, MAP-POP-05). */
export const MAP_YEAR = 2030;

// Only JP and US have population data in the spec; the other countries use the US years.
const countryKey = (country: string): keyof typeof POPULATION_PROJECTION_YEARS =>
  country === 'JP' ? 'JP' : 'US';

export function basePopulationYear(country: string): number {
  return POPULATION_BASE_YEAR[countryKey(country)];
}

export function defaultPopulationYear(country: string): number {
  return basePopulationYear(country);
}

/** Year choices of the population view: the base year and the projections, ascending. */
export function populationYears(country: string): number[] {
  const key = countryKey(country);
  return [...new Set<number>([POPULATION_BASE_YEAR[key], ...POPULATION_PROJECTION_YEARS[key]])].sort(
    (a, b) => a - b,
  );
}

/** Year choices of the population-change view: without the base year (MAP-POP-06). */
export function populationChangeYears(country: string): number[] {
  const base = basePopulationYear(country);
  return populationYears(country).filter((year) => year !== base);
}

/** `year` if the view offers it, else the view's first year (switching to population change from the base year). */
export function popYearFor(view: ViewKey, year: number, country: string): number {
  const years = view === 'populationChange' ? populationChangeYears(country) : populationYears(country);
  return years.includes(year) ? year : (years[0] ?? MAP_YEAR);
}

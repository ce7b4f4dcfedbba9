import { describe, expect, it } from 'vitest';
import {
  basePopulationYear,
  defaultPopulationYear,
  MAP_YEAR,
  POPULATION_PROJECTION_YEARS,
  populationChangeYears,
  populationYears,
  popYearFor,
} from './population-years.ts';

describe('population years (spec 000 §9)', () => {
  it('lists JP 2030–2050 by 5 and US 2030, 2040, 2050 (MAP-POP-02/03)', () => {
    expect(POPULATION_PROJECTION_YEARS.JP).toEqual([2030, 2035, 2040, 2045, 2050]);
    expect(POPULATION_PROJECTION_YEARS.US).toEqual([2030, 2040, 2050]);
  });

  it('defaults to the base year: JP 2025, US 2030, others as US (MAP-POP-04)', () => {
    expect(defaultPopulationYear('JP')).toBe(2025);
    expect(defaultPopulationYear('US')).toBe(2030);
    expect(defaultPopulationYear('DE')).toBe(2030);
    expect(MAP_YEAR).toBe(2030);
  });

  it('offers the base year for population but not for population change (MAP-POP-06)', () => {
    expect(populationYears('JP')).toEqual([2025, 2030, 2035, 2040, 2045, 2050]);
    expect(populationChangeYears('JP')).toEqual([2030, 2035, 2040, 2045, 2050]);
    expect(populationYears('US')).toEqual([2030, 2040, 2050]);
    expect(populationChangeYears('US')).toEqual([2040, 2050]);
    expect(populationChangeYears('FR')).not.toContain(basePopulationYear('FR'));
  });

  it('moves off a year the view does not offer', () => {
    expect(popYearFor('populationChange', 2025, 'JP')).toBe(2030);
    expect(popYearFor('population', 2025, 'JP')).toBe(2025);
    expect(popYearFor('population', 2035, 'US')).toBe(2030);
  });
});

import { MATERIAL } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { parseInp } from '../epanet/inp-parser.ts';
import { writeInp } from '../epanet/write-inp.ts';
import { generateCity } from './generate.ts';
import { ALLOWED_DIAMETERS_MM } from './materials.ts';
import { STYLES } from './styles.ts';
import { cityOptions } from './testing.ts';
import type { SynthPipe } from './types.ts';

const city = generateCity(cityOptions({ pipes: 4000 }));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('generated pipe attributes', () => {
  it('uses US nominal sizes: 12–24 in on transmission mains, 4–8 in on distribution', () => {
    for (const pipe of city.pipes) {
      if (pipe.diameterMm === null) continue;
      expect(ALLOWED_DIAMETERS_MM).toContain(pipe.diameterMm);
      if (pipe.pipeClass === 'transmission') expect(pipe.diameterMm).toBeGreaterThanOrEqual(300);
      else expect(pipe.diameterMm).toBeLessThanOrEqual(205);
    }
    expect(city.pipes.some((p) => p.diameterMm === 609.6)).toBe(true);
  });

  it('dates neighbourhoods by era: median install year inside the era, old grid in cast iron', () => {
    for (const style of Object.values(STYLES)) {
      const years = city.pipes
        .filter(
          (p) => p.neighbourhood === style.name && p.pipeClass === 'distribution' && p.installYear !== null,
        )
        .map((p) => p.installYear!);
      if (years.length === 0) continue;
      expect(median(years)).toBeGreaterThanOrEqual(style.eraFrom - 1);
      expect(median(years)).toBeLessThanOrEqual(style.eraTo + 5);
      expect(Math.min(...years)).toBeGreaterThanOrEqual(style.eraFrom - 1);
    }
    // Distribution mains only: large early trunk mains may be riveted steel.
    const oldGrid = city.pipes.filter(
      (p) =>
        p.pipeClass === 'distribution' &&
        p.installYear !== null &&
        p.installYear < 1930 &&
        p.materialTypeCode !== null,
    );
    expect(oldGrid.length).toBeGreaterThan(0);
    expect(oldGrid.every((p) => p.materialTypeCode === MATERIAL.CAST_IRON)).toBe(true);
    expect(
      city.pipes
        .filter((p) => (p.installYear ?? 0) >= 2005)
        .every((p) => p.materialTypeCode !== MATERIAL.CAST_IRON),
    ).toBe(true);
  });

  it('hides about the requested share of each attribute, more often on old pipes', () => {
    const share = (pick: (p: SynthPipe) => unknown) =>
      city.pipes.filter((p) => pick(p) === null).length / city.pipes.length;
    for (const pick of [
      (p: SynthPipe) => p.installYear,
      (p: SynthPipe) => p.materialTypeCode,
      (p: SynthPipe) => p.diameterMm,
    ]) {
      expect(share(pick)).toBeGreaterThan(0.065);
      expect(share(pick)).toBeLessThan(0.095);
    }
    const truth = new Map(city.maskedTruth.map((m) => [m.pipeId, m]));
    const yearOf = (p: SynthPipe) => p.installYear ?? truth.get(p.id)!.installYear!;
    const missingMaterial = (old: boolean) => {
      const group = city.pipes.filter((p) => yearOf(p) < 1950 === old);
      return group.filter((p) => p.materialTypeCode === null).length / group.length;
    };
    expect(missingMaterial(true)).toBeGreaterThan(2 * missingMaterial(false));
    const heavy = generateCity(cityOptions({ pipes: 1500, missingRate: 0.25 }));
    expect(heavy.metadata.missing.installYear).toBeGreaterThan(0.22);
    expect(heavy.metadata.missing.installYear).toBeLessThan(0.28);
  });

  it('draws 25 years of breaks at a realistic rate, higher on old cast iron than on PVC, peaking in winter', () => {
    const stats = city.metadata.breakStats;
    // Folkman (2018): 0.09 breaks/km·yr across the US and Canada; utilities report 0.05–0.5.
    expect(stats.ratePerKmYear).toBeGreaterThan(0.05);
    expect(stats.ratePerKmYear).toBeLessThan(0.5);
    expect(stats.byMaterial['CAS']!.ratePerKmYear).toBeGreaterThan(
      4 * stats.byMaterial['PVC']!.ratePerKmYear,
    );
    const dates = city.breaks.map((b) => b.date);
    expect(dates.every((d) => d >= '2001-01-01' && d < '2026-01-01')).toBe(true);
    expect([...dates].sort()).toEqual(dates);
    const month = (d: string) => Number(d.slice(5, 7));
    const winter = dates.filter((d) => [12, 1, 2].includes(month(d))).length;
    const summer = dates.filter((d) => [6, 7, 8].includes(month(d))).length;
    expect(winter).toBeGreaterThan(1.3 * summer);
    const counts = new Map<string, number>();
    for (const b of city.breaks) counts.set(b.pipeId, (counts.get(b.pipeId) ?? 0) + 1);
    for (const pipe of city.pipes) expect(pipe.breakCount).toBe(counts.get(pipe.id) ?? 0);
  });

  it('projects population for 2025 and 2030–2050, positive and monotone in the direction of growth', () => {
    expect(city.population.length).toBeGreaterThan(10);
    for (const region of city.population) {
      const series = [2025, 2030, 2035, 2040, 2045, 2050].map((y) => region.population[y]!);
      expect(series.every((v) => v > 0)).toBe(true);
      for (let k = 1; k < series.length; k++) {
        if (region.growthRate > 0) expect(series[k]).toBeGreaterThanOrEqual(series[k - 1]!);
        if (region.growthRate < 0) expect(series[k]).toBeLessThanOrEqual(series[k - 1]!);
      }
    }
    const growth = (name: string) =>
      city.population.filter((r) => r.neighbourhood === name).map((r) => r.growthRate);
    expect(median(growth('subdivision'))).toBeGreaterThan(median(growth('postwar')));
  });

  it('writes an EPANET model that parseInp reads back to the same model', () => {
    const parsed = parseInp(writeInp(city.epanet));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors.slice(0, 5)));
    expect(parsed.model).toEqual(city.epanet);
    expect(city.epanet.junctions.length + city.epanet.tanks.length).toBe(city.nodes.length);
    expect(city.epanet.pipes.length).toBe(city.pipes.length);
  });

  it('has the point and area layers of a dataset', () => {
    expect(city.reservoirs).toHaveLength(2);
    expect(city.purificationPlants).toHaveLength(1);
    const types = new Set(city.criticalFacilities.map((f) => f.type));
    expect([...types].sort()).toEqual([
      'dialysis_centre',
      'fire_station',
      'government',
      'hospital',
      'nursing_home',
      'police',
      'school',
      'university',
    ]);
    expect(city.districts.length).toBeGreaterThanOrEqual(4);
    expect(city.supplyAreas.length).toBe(city.metadata.pressureZones.length);
    const distributionKm =
      city.pipes.filter((p) => p.roadType !== 'arterial').reduce((s, p) => s + p.lengthM, 0) / 1000;
    expect(city.hydrants.length / distributionKm).toBeGreaterThan(1000 / 150);
    expect(city.hydrants.length / distributionKm).toBeLessThan(1000 / 100);
    expect(city.pipes.every((p) => /^\d+ \S.*$/.test(p.address))).toBe(true);
  });
});

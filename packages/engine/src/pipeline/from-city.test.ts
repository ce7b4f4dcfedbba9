import { describe, expect, it } from 'vitest';
import { datasetInputsOfCity } from './from-city.ts';
import { smallTown } from './testing.ts';

const city = smallTown(400, 5);
const inputs = datasetInputsOfCity(city);

describe('a generated town as a dataset', () => {
  it('carries every pipe, break, valve and point asset, with the EPANET model', () => {
    expect(inputs.pipes.map((p) => p.id)).toEqual(city.pipes.map((p) => p.id));
    expect(inputs.breaks).toHaveLength(city.breaks.length);
    expect(inputs.valves.every((v) => v.pipeId !== null)).toBe(true);
    const kinds = inputs.pointAssets.map((a) => a.kind);
    expect(kinds.filter((k) => k === 'critical_facility')).toHaveLength(city.criticalFacilities.length);
    expect(inputs.epanetInp).toMatch(/\[PIPES\]/);
    expect(inputs.asOfMs).toBe(Date.UTC(2026, 0, 1));
  });

  it('shares node residents among pipes and projects them by their region', () => {
    const residents = city.nodes.reduce((s, n) => s + n.population, 0);
    const base = inputs.pipes.reduce((s, p) => s + (p.population?.['2025'] ?? 0), 0);
    expect(base).toBeCloseTo(residents, 6);
    const p = inputs.pipes.find((x) => x.rateOfChange !== null)!;
    expect(p.population!['2050']! / p.population!['2025']!).toBeCloseTo(
      1 + p.rateOfChange!['2050']! / 100,
      2,
    );
  });

  it('puts each pipe in one district, one mesh cell and one supply area by its midpoint', () => {
    for (const layer of ['district', 'mesh', 'supply']) {
      const members = inputs.areas.filter((a) => a.areaId.startsWith(layer + ':')).flatMap((a) => a.pipeIds);
      expect(new Set(members).size).toBe(members.length);
      expect(members.length).toBeGreaterThan(0.95 * city.pipes.length);
    }
  });
});

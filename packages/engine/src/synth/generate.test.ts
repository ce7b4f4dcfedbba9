import { describe, expect, it } from 'vitest';
import { connectedComponents } from '../network/components.ts';
import { topologyFromInp } from '../network/from-inp.ts';
import { topologyFromLines } from '../network/snap-nodes.ts';
import { DEFAULT_CITY_CENTER, SYNTHETIC_NOTE, generateCity, generateStreets } from './generate.ts';
import { cityOptions, haversineLengthM } from './testing.ts';

const city = generateCity(cityOptions());

describe('generateCity', () => {
  it('is deterministic: same seed and options give byte-identical JSON, another seed differs', () => {
    const again = generateCity(cityOptions());
    expect(JSON.stringify(again)).toBe(JSON.stringify(city));
    const other = generateCity(cityOptions({ seed: 8 }));
    expect(JSON.stringify(other.pipes.slice(0, 50))).not.toBe(JSON.stringify(city.pipes.slice(0, 50)));
  });

  it.each([800, 3000, 20_000])('hits a target of %i pipes within 5 percent', (target) => {
    const pipes =
      target === 3000 ? city.pipes.length : generateCity(cityOptions({ pipes: target })).pipes.length;
    expect(Math.abs(pipes - target) / target).toBeLessThanOrEqual(0.05);
  });

  it('gives the same streets alone as with the whole town (the demo basemap)', () => {
    const { seed, pipes } = cityOptions();
    expect(generateStreets({ seed, pipes })).toEqual(city.streets);
    expect(() => generateStreets({ seed, pipes: 50 })).toThrow(RangeError);
  });

  it('is centred on the spec default centre and says it is synthetic', () => {
    expect(city.metadata).toMatchObject({ synthetic: true, note: SYNTHETIC_NOTE, crs: 'EPSG:4326', seed: 7 });
    const lons = city.nodes.map((n) => n.coordinates[0]);
    const lats = city.nodes.map((n) => n.coordinates[1]);
    const mid = [(Math.min(...lons) + Math.max(...lons)) / 2, (Math.min(...lats) + Math.max(...lats)) / 2];
    expect(Math.abs(mid[0]! - DEFAULT_CITY_CENTER[0])).toBeLessThan(0.05);
    expect(Math.abs(mid[1]! - DEFAULT_CITY_CENTER[1])).toBeLessThan(0.05);
  });

  it('forms one connected network, in the GIS pipes and in the EPANET model', () => {
    const lines = city.pipes.map((p) => ({ id: p.nativePipeId, coordinates: p.geometry.coordinates }));
    const snapped = topologyFromLines(lines, { toleranceM: 0.5, coordinates: 'lonlat' });
    expect(connectedComponents(snapped.topology).count).toBe(1);
    expect(snapped.topology.nodeIds.length).toBe(city.nodes.length);
    expect(connectedComponents(topologyFromInp(city.epanet)).count).toBe(1);
  });

  it('gives every pipe a positive length matching its geodesic length within 1 %', () => {
    for (const pipe of city.pipes) {
      expect(pipe.lengthM).toBeGreaterThan(0);
      const geodesic = haversineLengthM(pipe.geometry.coordinates);
      expect(Math.abs(pipe.lengthM - geodesic) / geodesic).toBeLessThan(0.01);
    }
  });

  it('places valves on pipe ends, at the node they isolate', () => {
    const pipes = new Map(city.pipes.map((p) => [p.nativePipeId, p]));
    for (const valve of city.valves) {
      const pipe = pipes.get(valve.nativePipeId)!;
      const coords = pipe.geometry.coordinates;
      const end =
        valve.nodeId === pipe.fromNode ? coords[0] : valve.nodeId === pipe.toNode ? coords.at(-1) : null;
      expect(end).toEqual(valve.geometry.coordinates);
    }
    const inoperable = city.valves.filter((v) => !v.operable).length / city.valves.length;
    expect(inoperable).toBeGreaterThan(0.02);
    expect(inoperable).toBeLessThan(0.09);
    const closed = city.valves.filter((v) => v.normallyClosed);
    expect(closed.every((v) => pipes.get(v.nativePipeId)!.closed)).toBe(true);
    expect(new Set(closed.map((v) => v.nativePipeId)).size).toBe(city.pipes.filter((p) => p.closed).length);
  });
});

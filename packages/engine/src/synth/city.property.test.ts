import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseInp } from '../epanet/inp-parser.ts';
import { writeInp } from '../epanet/write-inp.ts';
import { connectedComponents } from '../network/components.ts';
import { topologyFromInp } from '../network/from-inp.ts';
import { generateCity } from './generate.ts';
import { cityOptions } from './testing.ts';

describe('generateCity (property)', () => {
  it('for any seed, size and centre: count on target, one network, two tanks and a plant, valid INP', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 150, max: 2500 }),
        fc.double({ min: -60, max: 60, noNaN: true }),
        (seed, pipes, lat) => {
          const city = generateCity(cityOptions({ seed, pipes, center: [-122.23 + lat, lat] }));
          expect(Math.abs(city.pipes.length - pipes) / pipes).toBeLessThanOrEqual(0.05);
          expect(city.reservoirs).toHaveLength(2);
          expect(city.purificationPlants).toHaveLength(1);
          const parsed = parseInp(writeInp(city.epanet));
          expect(parsed.ok).toBe(true);
          expect(connectedComponents(topologyFromInp(city.epanet)).count).toBe(1);
          expect(city.supplyAreas.length).toBe(city.metadata.pressureZones.length);
        },
      ),
      { numRuns: 10, seed: 20261122 },
    );
    // Ten towns take 2 s on an idle machine and went past vitest's 5 s default at load 8 on two cores.
  }, 30_000);
});

import { describe, expect, it } from 'vitest';
import { lofAttributes } from './lof-attributes.ts';
import type { DatasetPipe } from './types.ts';

const pipe = (i: number, attrs: Record<string, unknown>, roadType: string | null = null) =>
  ({ id: String(i), roadType, pressureZone: i % 2 ? 'PZ1' : 'PZ2', attrs }) as unknown as DatasetPipe;

describe('LOF attributes of a dataset', () => {
  it('offers road type, zone, numbers and categories, but not identifiers or leaking columns', () => {
    const pipes = Array.from({ length: 40 }, (_, i) =>
      pipe(
        i,
        {
          soil: ['clay', 'sand', 'loam'][i % 3],
          static_pressure_kpa: 300 + i,
          asset_id: `A${i}`,
          street_name: `Street ${i}`,
          free_text: `note ${i}`,
          break_count: i % 4,
          condition_score: i % 5,
          constant: 'x',
          geometry: { type: 'Point' },
          mostly_empty: i === 0 ? 1 : null,
        },
        i % 2 ? 'local' : 'arterial',
      ),
    );
    const { specs, values } = lofAttributes(pipes);
    expect(specs).toEqual([
      { name: 'pressureZone', kind: 'categorical' },
      { name: 'roadType', kind: 'categorical' },
      { name: 'soil', kind: 'categorical' },
      { name: 'static_pressure_kpa', kind: 'numeric' },
    ]);
    expect(values[1]).toEqual({
      pressureZone: 'PZ1',
      roadType: 'local',
      soil: 'sand',
      static_pressure_kpa: 301,
    });
  });
});

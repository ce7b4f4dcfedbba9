import { COLUMN_DRIVER_BASE } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { lofAttributes } from './lof-attributes.ts';
import type { DatasetPipe } from './types.ts';

const pipe = (i: number, attrs: Record<string, unknown>, roadType: string | null = null) =>
  ({ id: String(i), roadType, pressureZone: i % 2 ? 'PZ1' : 'PZ2', attrs }) as unknown as DatasetPipe;

const pipes = Array.from({ length: 40 }, (_, i) =>
  pipe(
    i,
    {
      soil: ['clay', 'sand', 'loam'][i % 3],
      static_pressure_kpa: 300 + i,
      asset_id: `A${i}`,
      shallow_main: i % 7 === 0 ? 'Y' : 'N',
      condition_score: i % 5,
      constant: 'x',
      geometry: { type: 'Point' },
      mostly_empty: i === 0 ? 1 : null,
    },
    i % 2 ? 'local' : 'arterial',
  ),
);

describe('LOF attributes of a dataset', () => {
  it('offers the mapped road type and zone, and no free column unless it was chosen (issue 14)', () => {
    const { specs, values, unused } = lofAttributes(pipes);
    expect(specs).toEqual([
      { name: 'pressureZone', kind: 'categorical' },
      { name: 'roadType', kind: 'categorical' },
    ]);
    expect(values[1]).toEqual({ pressureZone: 'PZ1', roadType: 'local' });
    expect(unused).toEqual([]);
  });

  it('takes the chosen columns, in the order chosen, each reporting as a driver of its own', () => {
    const { specs, values } = lofAttributes(pipes, ['static_pressure_kpa', 'soil', 'shallow_main', 'soil']);
    expect(specs).toEqual([
      { name: 'pressureZone', kind: 'categorical' },
      { name: 'roadType', kind: 'categorical' },
      { name: 'static_pressure_kpa', kind: 'numeric', driverCode: COLUMN_DRIVER_BASE },
      { name: 'soil', kind: 'categorical', driverCode: COLUMN_DRIVER_BASE + 1 },
      { name: 'shallow_main', kind: 'categorical', driverCode: COLUMN_DRIVER_BASE + 2 },
    ]);
    expect(values[7]).toMatchObject({ static_pressure_kpa: 307, soil: 'sand', shallow_main: 'Y' });
  });

  it('says why a chosen column cannot be used', () => {
    const { specs, unused } = lofAttributes(pipes, [
      'constant',
      'geometry',
      'mostly_empty',
      'asset_id',
      'nope',
    ]);
    expect(specs.map((s) => s.name)).toEqual(['pressureZone', 'roadType']);
    expect(unused.map((u) => u.column)).toEqual(['constant', 'geometry', 'mostly_empty', 'asset_id', 'nope']);
    expect(unused[0]!.reason).toBe('it has one value on every pipe');
    expect(unused[1]!.reason).toBe('its values are not numbers or text');
    expect(unused[2]!.reason).toBe('it is filled on 1 of 40 pipes (at least 10 % needed)');
    expect(unused[3]!.reason).toMatch(/identifier/);
    expect(unused[4]!.reason).toBe('it is filled on 0 of 40 pipes (at least 10 % needed)');
  });
});

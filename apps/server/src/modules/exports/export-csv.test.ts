// The columns of the e-mail exports (the CSV rule itself: @pipewise/domain format/csv.test.ts).
import { describe, expect, it } from 'vitest';
import { pipeColumns } from './export-csv.ts';

describe('pipeColumns', () => {
  const names = (g: Parameters<typeof pipeColumns>[0]) => pipeColumns(g).map((c) => c.name);
  const none = { lof: false, rul: false, population: false, cof: false, bre: 'none', vis: false } as const;
  it('opens each figure with its subscription only', () => {
    expect(names(none)).toHaveLength(10);
    expect(names({ ...none, lof: true })).toEqual(expect.arrayContaining(['lof_12', 'lof_60', 'rank_12']));
    expect(names({ ...none, cof: true, bre: 'restricted' }).slice(10)).toEqual(['cof_total']);
    expect(names({ ...none, cof: true, bre: 'open' }).slice(10)).toEqual(['cof_total', 'bre']);
  });
});

import { describe, expect, it } from 'vitest';
import { ColumnValues } from './column-values.ts';

describe('column values counted at upload', () => {
  it('counts trimmed values as the material list does, blanks left out', () => {
    const v = new ColumnValues();
    for (const m of [' CI', 'CI ', 'PVC', '', null, 3]) v.add({ MAT: m });
    expect(v.result()).toEqual({
      MAT: [
        ['CI', 2],
        ['PVC', 1],
        ['3', 1],
      ],
    });
  });

  it('drops a column of too many values, of long values or of a NUL, so the material list reads the file', () => {
    const v = new ColumnValues();
    for (let i = 0; i < 2500; i++) v.add({ ID: `P${i}`, MAT: 'CI', NOTE: i === 5 ? 'x'.repeat(300) : 'n' });
    v.add({ BAD: 'a\u0000b' });
    expect(Object.keys(v.result())).toEqual(['MAT']);
  });
});

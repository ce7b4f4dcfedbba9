// The words for each SQLSTATE an import row can meet (issue 18): the row, the file's column, the value; no SQL.
import { describe, expect, it } from 'vitest';
import { ImportFileError } from './parse/index.ts';
import {
  dbErrorOf,
  importFailureMessage,
  refusedRow,
  refusedRowError,
  type DbError,
} from './write-failure.ts';

const MAPPING = { nativeId: 'PIPE_NO', installYear: 'YEAR', diameter: 'DN', date: 'FAILED_ON' };
const ROW = {
  native_pipe_id: 'P7',
  install_year: 40000,
  diameter_mm: 150,
  break_date: '2020-13-45',
  attrs: { NOTE: 'x\u0000y', OWNER: 'City' },
};
const explain = (e: DbError) => refusedRowError('mains.csv', 7, ROW, e, MAPPING).message;

describe('a refused row in words', () => {
  it('says which value of which column, by SQLSTATE', () => {
    expect(explain({ code: '22003', message: 'smallint out of range' })).toBe(
      "mains.csv (row 7, field YEAR): the number '40000' is too large to store",
    );
    expect(explain({ code: '22008', message: 'date/time field value out of range: "2020-13-45"' })).toBe(
      "mains.csv (row 7, field FAILED_ON): the value '2020-13-45' is not a valid date",
    );
    expect(explain({ code: '22P02', message: 'invalid input syntax for type date: "2020-13-45"' })).toBe(
      "mains.csv (row 7, field FAILED_ON): the value '2020-13-45' is not a valid date",
    );
    expect(
      explain({
        code: '23505',
        message: 'duplicate key value violates unique constraint "pipes_dataset_native_idx"',
        detail: 'Key (dataset_id, native_pipe_id)=(3, P7) already exists.',
      }),
    ).toBe("mains.csv (row 7, field PIPE_NO): the id 'P7' appears more than once");
    expect(
      explain({ code: '23502', message: 'null value in column "diameter_mm"', column: 'diameter_mm' }),
    ).toBe('mains.csv (row 7, field DN): has no value, and one is required');
    expect(explain({ code: '22P05', message: 'unsupported Unicode escape sequence' })).toBe(
      'mains.csv (row 7, field NOTE): holds a character that cannot be stored (a NUL byte)',
    );
    expect(explain({ code: '22001', message: 'value too long for type character varying(9)' })).toBe(
      "mains.csv (row 7, field FAILED_ON): the value '2020-13-45' is too long to store",
    );
    expect(explain({ code: '40001', message: 'could not serialize access' })).toBe(
      'mains.csv (row 7): the database refused the row (SQLSTATE 40001)',
    );
  });

  it('finds the row of a batch that fails, at the second occurrence of a duplicate', async () => {
    const rows = ['a', 'b', 'c', 'b', 'd', 'e'];
    const duplicate = { code: '23505', message: 'dup' };
    const fails = async (prefix: readonly string[]) =>
      new Set(prefix).size < prefix.length ? duplicate : null;
    expect(await refusedRow(rows, duplicate, fails)).toEqual({ index: 3, error: duplicate });
  });

  it('reads the SQLSTATE from a wrapped error and never shows its SQL', () => {
    const wrapped = Object.assign(new Error('Failed query: INSERT INTO pipes … params: [{"a":1}]'), {
      cause: Object.assign(new Error('value too long'), { code: '22001' }),
    });
    expect(dbErrorOf(wrapped)).toMatchObject({ code: '22001' });
    const message = importFailureMessage('mains.csv', wrapped);
    expect(message).toBe(
      'mains.csv: the import failed and nothing was changed: the database refused it (SQLSTATE 22001); please report this with the file',
    );
    expect(
      importFailureMessage('x.csv', new ImportFileError({ file: 'x.csv', row: 2, message: 'bad' })),
    ).toBe('x.csv (row 2): bad');
  });
});

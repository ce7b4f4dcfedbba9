// The CSV of a report table: the rows shown, as plain numbers a spreadsheet can compute with (csvRows, built with
// format.ts csvFormat), under the header row in the reader's language (the headers carry the units and currency).
// The product's one CSV rule (@pipewise/domain csvLine: RFC 4180 quoting, formulas defused, as the server's files);
// a byte-order mark so spreadsheet programs read UTF-8 (ja, accented headers).
import { csvLine } from '@pipewise/domain';
import type { ReportTable } from './section.ts';
import { downloadBlob } from '../../../lib/download.ts';

const BOM = '\uFEFF';

export function tableCsv(table: ReportTable): string {
  const lines = [table.columns.map((c) => c.label), ...(table.csvRows ?? table.rows)].map(csvLine);
  return `${BOM}${lines.join('')}`;
}

/** A file name from a title: letters and digits of any script kept, the rest collapsed to '-'. */
export function csvFileName(...parts: string[]): string {
  const stem = parts
    .join(' ')
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return `${stem || 'report'}.csv`;
}

/** Hands the text to the browser as a download. */
export function downloadCsv(table: ReportTable, fileName: string): void {
  downloadBlob(new Blob([tableCsv(table)], { type: 'text/csv;charset=utf-8' }), fileName);
}

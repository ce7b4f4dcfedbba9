// One CSV rule for every file the product writes, on the server (exports, project lists) and in the browser (report
// tables): RFC 4180 quoting, and no text a spreadsheet would run as a formula (OWASP "CSV injection").
//
// A text cell that starts with = + - @, a tab or a carriage return is written with a leading apostrophe, which
// spreadsheets show as text and do not print. The full-width ＝ ＋ － ＠ (U+FF1D, U+FF0B, U+FF0D, U+FF20) are defused
// too: Japanese Excel and LibreOffice turn full-width input into its ASCII form on entry, and a Japanese utility's
// names are typed with an IME that produces them. Plain numbers ("-12.5", "+3", "1e-3", "-4.5%") stay numbers: a spreadsheet
// reads them as figures, and a figure is not a formula.

export type CsvCell = string | number | boolean | null | undefined;

const TRIGGER = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?%?$/;

/** Whether a spreadsheet could take this text for a formula. */
export function isFormulaLike(text: string): boolean {
  return TRIGGER.test(text) && !PLAIN_NUMBER.test(text);
}

/** One field: empty for null and non-finite numbers, a formula defused, quoted when it holds , " CR or LF. */
export function csvField(v: CsvCell): string {
  if (v === null || v === undefined) return '';
  let s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : String(v);
  if (isFormulaLike(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One record, CRLF-ended (RFC 4180). */
export const csvLine = (cells: readonly CsvCell[]): string => cells.map(csvField).join(',') + '\r\n';

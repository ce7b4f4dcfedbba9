// Lexical rules of an EPANET input line (EPANET 2.2 manual §C.1): sections start with a bracketed keyword,
// ';' starts a comment, fields are separated by blanks or tabs, keywords are case-insensitive.

/** Section name if the line is a section header such as `[PIPES]`, else null. */
export function sectionHeader(line: string): string | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith('[')) return null;
  const end = trimmed.indexOf(']');
  if (end < 0) return null;
  return trimmed.slice(1, end).trim().toUpperCase();
}

/** Splits a data line into fields after removing its comment; an empty list means nothing to parse. */
export function fieldsOf(line: string): string[] {
  const semicolon = line.indexOf(';');
  const data = semicolon >= 0 ? line.slice(0, semicolon) : line;
  const fields: string[] = [];
  for (const field of data.split(/[ \t\r]+/)) if (field.length > 0) fields.push(field);
  return fields;
}

/** Strict decimal number (EPANET reads with atof, but a stray letter is almost always a column shift). */
export function parseNumber(field: string): number | null {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(field)) return null;
  return Number(field);
}

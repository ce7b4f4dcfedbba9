// Bad files are reported as values a user can act on: which file, and where in it (ARCHITECTURE: errors name file/row/line/field).

export interface ImportFileErrorInfo {
  readonly file: string;
  readonly message: string;
  readonly line?: number;
  readonly row?: number;
  readonly field?: string;
}

export class ImportFileError extends Error implements ImportFileErrorInfo {
  readonly file: string;
  readonly line?: number;
  readonly row?: number;
  readonly field?: string;

  constructor(info: ImportFileErrorInfo) {
    super(describe(info));
    this.name = 'ImportFileError';
    this.file = info.file;
    if (info.line !== undefined) this.line = info.line;
    if (info.row !== undefined) this.row = info.row;
    if (info.field !== undefined) this.field = info.field;
  }
}

function describe(info: ImportFileErrorInfo): string {
  const where = [
    info.line !== undefined ? `line ${info.line}` : null,
    info.row !== undefined ? `row ${info.row}` : null,
    info.field !== undefined ? `field ${info.field}` : null,
  ].filter((part) => part !== null);
  return `${info.file}${where.length > 0 ? ` (${where.join(', ')})` : ''}: ${info.message}`;
}

/** Wraps anything a library threw into an ImportFileError for `file`, keeping an ImportFileError as is. */
export function asImportError(file: string, error: unknown, context = 'cannot be read'): ImportFileError {
  if (error instanceof ImportFileError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new ImportFileError({ file, message: `${context}: ${detail}` });
}

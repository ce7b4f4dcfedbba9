// Bytes → text in bounded chunks, strictly decoded so a file in the wrong encoding fails with the byte offset
// instead of importing mojibake.
import { TextDecoder } from 'node:util';
import { lineAt, locateBadByte } from './bad-byte.ts';
import { ImportFileError } from './import-file-error.ts';
import { sniffEncoding } from './text-encoding.ts';

const CHUNK = 1 << 20;

/** `bytes` decode until the byte at `offset` (and `line`, when the text has single-byte newlines). */
function notText(file: string, encoding: string, at: { offset: number; line: number | null; byte?: number }) {
  const value = at.byte === undefined ? '' : ` (0x${at.byte.toString(16).toUpperCase().padStart(2, '0')})`;
  return new ImportFileError({
    file,
    ...(at.line === null ? {} : { line: at.line }),
    message: `is not valid ${encoding} text at byte ${at.offset.toLocaleString('en')}${value}; choose the file's encoding (e.g. windows-1252, shift_jis)`,
  });
}

/**
 * Where decoding `bytes` fails. `base` is the file offset of `bytes[0]`; `lineBase` the line there, when known.
 * `bytes` must start at a character boundary.
 */
function badByte(file: string, encoding: string, bytes: Uint8Array, base: number, lineBase: number | null) {
  const at = locateBadByte(bytes, encoding);
  const line = lineBase === null ? null : lineAt(bytes, at, encoding);
  return notText(file, encoding, {
    offset: base + at,
    line: line === null || lineBase === null ? null : lineBase + line - 1,
    ...(at < bytes.length ? { byte: bytes[at]! } : {}),
  });
}

function strictDecoder(file: string, encoding: string): TextDecoder {
  try {
    return new TextDecoder(encoding, { fatal: true });
  } catch {
    throw new ImportFileError({ file, message: `unknown text encoding '${encoding}'` });
  }
}

/**
 * `encoding` as the user chose it; without a choice, UTF-16 is recognised by its BOM or its zero bytes (see
 * text-encoding.ts), anything else is read as UTF-8.
 */
export function* textChunks(file: string, bytes: Uint8Array, chosen?: string): Generator<string> {
  const encoding = chosen ?? sniffEncoding(bytes) ?? 'utf-8';
  const decoder = strictDecoder(file, encoding);
  if (bytes.length === 0) return;
  for (let at = 0; at < bytes.length; at += CHUNK) {
    let text: string;
    try {
      text = decoder.decode(bytes.subarray(at, at + CHUNK), { stream: at + CHUNK < bytes.length });
    } catch {
      // The whole file is at hand: decode it again from the start to find the byte.
      throw badByte(file, encoding, bytes, 0, 1);
    }
    yield text;
  }
}

/** UTF-8 continuation bytes (10xxxxxx) never start a character: skipping them finds a boundary. */
function utf8Boundary(bytes: Uint8Array): number {
  let at = 0;
  while (at < 3 && at < bytes.length && (bytes[at]! & 0xc0) === 0x80) at += 1;
  return at;
}

/** The same over a byte stream (an upload, fs.createReadStream): only one chunk is held at a time. */
export async function* streamTextChunks(
  file: string,
  chunks: AsyncIterable<Uint8Array>,
  encoding = 'utf-8',
): AsyncGenerator<string> {
  const decoder = strictDecoder(file, encoding);
  const utf8 = /^utf-?8$/i.test(encoding);
  let offset = 0;
  // The previous chunk, so a character cut between two chunks is found again (UTF-8 only: elsewhere no
  // boundary can be found without decoding from the start, and the chunk's offset is reported).
  let previous: Uint8Array = new Uint8Array(0);
  const decode = (chunk: Uint8Array, last: boolean) => {
    try {
      return decoder.decode(chunk, { stream: !last });
    } catch {
      if (!utf8) throw notText(file, encoding, { offset, line: null });
      const both = new Uint8Array(previous.length + chunk.length);
      both.set(previous);
      both.set(chunk, previous.length);
      const start = utf8Boundary(both);
      throw badByte(file, encoding, both.subarray(start), offset - previous.length + start, null);
    }
  };
  for await (const chunk of chunks) {
    yield decode(chunk, false);
    offset += chunk.length;
    previous = chunk;
  }
  yield decode(new Uint8Array(0), true);
}

/** Whole text (for formats whose parser needs it all, e.g. CSV headers + rows, INP). */
export function decodeText(file: string, bytes: Uint8Array, encoding?: string): string {
  const text = [...textChunks(file, bytes, encoding)].join('').replace(/^\uFEFF/, '');
  const nul = text.indexOf('\u0000');
  if (nul >= 0) throw nulInText(file, text, nul, encoding);
  return text;
}

/**
 * A NUL is no character of any text format, and PostgreSQL cannot store it: most often the file is UTF-16 with
 * few Latin letters, or binary. Refused naming the line, before any column or value carries it further.
 */
function nulInText(file: string, text: string, at: number, encoding: string | undefined): ImportFileError {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) line += 1;
  const hint = encoding
    ? `it is not ${encoding} text: choose the file's encoding (e.g. utf-16le)`
    : `if the file is UTF-16, choose that encoding (utf-16le or utf-16be); otherwise remove the character`;
  return new ImportFileError({
    file,
    line,
    message: `holds a NUL character (byte 0), which is not text; ${hint}`,
  });
}

// Bytes → text in bounded chunks, strictly decoded so a file in the wrong encoding fails with the byte offset
// instead of importing mojibake.
import { TextDecoder } from 'node:util';
import { ImportFileError } from './import-file-error.ts';

const CHUNK = 1 << 20;

type Decode = (bytes: Uint8Array, offset: number, last: boolean) => string;

function strictDecoder(file: string, encoding: string): Decode {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding, { fatal: true });
  } catch {
    throw new ImportFileError({ file, message: `unknown text encoding '${encoding}'` });
  }
  return (bytes, offset, last) => {
    try {
      return decoder.decode(bytes, { stream: !last });
    } catch {
      throw new ImportFileError({
        file,
        message: `is not valid ${encoding} text near byte ${offset}; choose the file's encoding (e.g. windows-1252, shift_jis)`,
      });
    }
  };
}

export function* textChunks(file: string, bytes: Uint8Array, encoding = 'utf-8'): Generator<string> {
  const decode = strictDecoder(file, encoding);
  if (bytes.length === 0) return;
  for (let at = 0; at < bytes.length; at += CHUNK) {
    yield decode(bytes.subarray(at, at + CHUNK), at, at + CHUNK >= bytes.length);
  }
}

/** The same over a byte stream (an upload, fs.createReadStream): only one chunk is held at a time. */
export async function* streamTextChunks(
  file: string,
  chunks: AsyncIterable<Uint8Array>,
  encoding = 'utf-8',
): AsyncGenerator<string> {
  const decode = strictDecoder(file, encoding);
  let offset = 0;
  for await (const chunk of chunks) {
    yield decode(chunk, offset, false);
    offset += chunk.length;
  }
  yield decode(new Uint8Array(0), offset, true);
}

/** Whole text (for formats whose parser needs it all, e.g. CSV headers + rows, INP). */
export function decodeText(file: string, bytes: Uint8Array, encoding = 'utf-8'): string {
  return [...textChunks(file, bytes, encoding)].join('').replace(/^\uFEFF/, '');
}

// Where a strict decode failed (issue 18: "not valid utf-8 near byte 0" when the bad byte was far into the file).
// A TextDecoder throws without saying where, and its state cannot be rewound, so the failing stretch is decoded
// again by fresh decoders: once in 4 KB steps to find the step, once byte by byte inside it. Runs only on failure;
// costs at most two more decodes of what precedes the bad byte.
import { TextDecoder } from 'node:util';

const STEP = 4096;
/** Longer than any character of a supported encoding (UTF-8 and GB18030: 4 bytes). */
const LONGEST_CHARACTER = 8;

/** A fresh strict decoder that has been fed `bytes[0, end)` (which decodes: see the callers). */
function decoderAt(encoding: string, bytes: Uint8Array, end: number): TextDecoder {
  const decoder = new TextDecoder(encoding, { fatal: true });
  decoder.decode(bytes.subarray(0, end), { stream: true });
  return decoder;
}

/** The first 4 KB step of `bytes` that makes a decoder throw; -1 when none does. */
function failingStep(encoding: string, bytes: Uint8Array): number {
  const decoder = new TextDecoder(encoding, { fatal: true });
  for (let at = 0; at < bytes.length; at += STEP) {
    try {
      decoder.decode(bytes.subarray(at, at + STEP), { stream: true });
    } catch {
      return at;
    }
  }
  return -1;
}

/**
 * Byte by byte from `from` (a few bytes before the failure, so that whatever the decoder held is flushed first):
 * the first byte of the character that failed, i.e. of the bytes held since the last character came out.
 */
function pinpoint(encoding: string, bytes: Uint8Array, from: number): number {
  const decoder = decoderAt(encoding, bytes, from);
  let held = from;
  for (let at = from; at < bytes.length; at++) {
    try {
      if (decoder.decode(bytes.subarray(at, at + 1), { stream: true }) !== '') held = at + 1;
    } catch {
      return held;
    }
  }
  // The text ends inside a character: the flush throws.
  return held;
}

/** Offset of the first byte that does not decode as `encoding` (`bytes` starts at a character boundary). */
export function locateBadByte(bytes: Uint8Array, encoding: string): number {
  const step = failingStep(encoding, bytes);
  const before = step < 0 ? bytes.length : step;
  return pinpoint(encoding, bytes, Math.max(0, before - LONGEST_CHARACTER));
}

/** 1-based line of a byte offset in ASCII-compatible text (UTF-16 has no single-byte newline: null). */
export function lineAt(bytes: Uint8Array, offset: number, encoding: string): number | null {
  if (/^utf-?16/i.test(encoding)) return null;
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line += 1;
  return line;
}

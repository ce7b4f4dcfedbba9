// The encoding of a text file the user did not name (issue 18: a UTF-16 CSV without BOM decoded as UTF-8 into text
// with a NUL between every letter, and its header reached PostgreSQL, which refuses NUL: 500). A byte order mark
// says it outright; without one, UTF-16 text of Latin letters and digits has a zero byte at every other position
// (the high byte of each code unit), which UTF-8 text never has.

const SAMPLE = 4096;
/** Share of zero bytes at one parity (and next to none at the other) that says UTF-16. */
const ZERO_SHARE = 0.3;

/** 'utf-16le' / 'utf-16be' for UTF-16 text (with or without BOM), 'utf-8' for a UTF-8 BOM, else null. */
export function sniffEncoding(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  const n = Math.min(bytes.length, SAMPLE) & ~1;
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros += 1;
    if (bytes[i + 1] === 0) oddZeros += 1;
  }
  const pairs = n / 2;
  // Little-endian: 'a' is 61 00, so the odd bytes are zero; big-endian the even ones.
  if (oddZeros / pairs >= ZERO_SHARE && evenZeros / pairs < 0.05) return 'utf-16le';
  if (evenZeros / pairs >= ZERO_SHARE && oddZeros / pairs < 0.05) return 'utf-16be';
  return null;
}

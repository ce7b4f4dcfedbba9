// Where `npm test` keeps its record of times (scripts/test.mjs), read by `npm run test:times`.
import { resolve } from 'node:path';

export const TIMES_DIR = resolve(import.meta.dirname, '../../test-times');

/** 83.4 s, or 12 min 05 s from ten minutes on. */
export function formatSeconds(seconds) {
  if (seconds < 600) return `${seconds.toFixed(1)} s`;
  const m = Math.floor(seconds / 60);
  return `${m} min ${String(Math.round(seconds - 60 * m)).padStart(2, '0')} s`;
}

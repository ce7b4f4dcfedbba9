// Whether an analysis failure is worth another try (issue 14). A run that ran out of memory or met data the engine
// refuses fails the same way each time: retrying it three times held the queue for 4–7 minutes a try while every
// other analysis waited. Only what the next try can escape — a lost connection, a conflict with another
// transaction, a served run that changed under a COF re-run — is retried.

/** The served analysis a COF re-run read was replaced meanwhile: the next try re-prices the new one. */
export class ServedRunChanged extends Error {}

export type FailureKind = 'transient' | 'deterministic';

/** Node socket errors of a dropped or refused database connection. */
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

/**
 * PostgreSQL SQLSTATEs a retry can escape: connection exceptions (class 08), serialization failure and deadlock,
 * too many connections, server shutting down or starting, lock not available.
 */
const TRANSIENT_SQLSTATES = new Set(['40001', '40P01', '53300', '57P01', '57P02', '57P03', '55P03']);

/** node-postgres reports a connection dropped mid-query with these messages and no code. */
const TRANSIENT_MESSAGES = [/connection terminated/i, /timeout exceeded when trying to connect/i];

const codeOf = (err: unknown): string | undefined => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

export function failureKind(err: unknown): FailureKind {
  if (err instanceof ServedRunChanged) return 'transient';
  const code = codeOf(err);
  if (code !== undefined) {
    if (TRANSIENT_CODES.has(code) || TRANSIENT_SQLSTATES.has(code) || code.startsWith('08'))
      return 'transient';
  }
  const message = err instanceof Error ? err.message : String(err);
  return TRANSIENT_MESSAGES.some((re) => re.test(message)) ? 'transient' : 'deterministic';
}

/** Node's words for a thread killed at its heap limit (ERR_WORKER_OUT_OF_MEMORY). */
const OUT_OF_MEMORY = /reaching memory limit|out of memory/i;

/** What the runs list, the dataset status and the overlay show: plain words first, the technical message after. */
export function failureReason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  if (codeOf(err) === 'ERR_WORKER_OUT_OF_MEMORY' || OUT_OF_MEMORY.test(message))
    return `The analysis needed more memory than this server allows; it was not retried (${message}).`;
  return message;
}

/** A failure ends the run when no retry is left, or at once when a retry would fail the same way. */
export const isFinalFailure = (err: unknown, retryCount: number, retryLimit: number): boolean =>
  failureKind(err) === 'deterministic' || retryCount >= retryLimit;

// Whether an access token's session was ended (logout, reuse, a new password or factor), asked on every request
// (issue 37). A map asks for dozens of tiles a second, each with the same token: the answer "still open" is kept
// for a few seconds per session, so the check costs one query per session every LIVE_MS instead of one per request.
// A session ended in this process is asked about afresh for LIVE_MS (the ending commits after it is announced, and a
// request in between must not keep "open" for it); another API process of a shared database sees it within LIVE_MS.
import type { Db } from '../../db/database.ts';
import { isFamilyRevoked } from './refresh-tokens.repository.ts';

export const LIVE_MS = 5_000;
const MAX_KEPT = 10_000;
const liveSince = new Map<string, number>();
const askUntil = new Map<string, number>();
let askAllUntil = 0;
/**
 * The question already on its way per session: when "still open" lapses, every tile then in flight (a map keeps
 * about twenty) asked the same question at once — twenty queries queued on the embedded database's one connection
 * every LIVE_MS. A request joins one only when nothing was ended in this process since it was asked (`fresh`).
 */
const asking = new Map<string, Promise<boolean>>();

/**
 * The session answered "still open" within LIVE_MS and is not being ended in this process: what sessionEnded would
 * answer without asking. The cached-tile path in front of Fastify (tiles/tile-hits.ts) checks it synchronously.
 */
export function sessionKnownOpen(sessionId: string): boolean {
  const now = Date.now();
  if (now < askAllUntil || now < (askUntil.get(sessionId) ?? 0)) return false;
  const since = liveSince.get(sessionId);
  return since !== undefined && now - since < LIVE_MS;
}

/** `ask` is the database's answer (the tests give their own: no server test replaces a module's export). */
export async function sessionEnded(
  tx: Db,
  sessionId: string,
  ask: (tx: Db, sessionId: string) => Promise<boolean> = isFamilyRevoked,
): Promise<boolean> {
  if (sessionKnownOpen(sessionId)) return false;
  const now = Date.now();
  const fresh = now < askAllUntil || now < (askUntil.get(sessionId) ?? 0);
  const pending = fresh ? undefined : asking.get(sessionId);
  if (pending) return pending;
  const answer = ask(tx, sessionId).then((ended) => {
    if (ended || fresh) liveSince.delete(sessionId);
    else {
      if (liveSince.size >= MAX_KEPT) liveSince.clear();
      liveSince.set(sessionId, now);
    }
    return ended;
  });
  if (fresh) return answer;
  asking.set(sessionId, answer);
  try {
    return await answer;
  } finally {
    if (asking.get(sessionId) === answer) asking.delete(sessionId);
  }
}

/** A session (or, without an id, every session) is being ended in this process: asked afresh for LIVE_MS. */
export function forgetSessions(sessionId?: string): void {
  const until = Date.now() + LIVE_MS;
  if (sessionId === undefined) {
    liveSince.clear();
    asking.clear();
    askAllUntil = until;
  } else {
    liveSince.delete(sessionId);
    asking.delete(sessionId);
    if (askUntil.size >= MAX_KEPT) askUntil.clear();
    askUntil.set(sessionId, until);
  }
}

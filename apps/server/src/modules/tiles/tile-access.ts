// Who may read a cached tile, answered from memory (issue 41: every cached tile opened a tenant transaction of five
// statements, and the auth plugin read the user again, before the cache was looked in — 0.49× a plain server's
// throughput on PostgreSQL, 0.31× on PGlite). Two maps per database, filled by the first request that reads the
// database anyway and kept current by the writes that change them:
//   datasets: id → {client, tile revision, served analysis}  (swap, pipe re-score, revision bump, deletion)
//   users:    id → the AuthUser the auth plugin would make, and its token version  (user or client updated)
// The database tells: triggers on the columns that matter (migration 0031_tile_access_triggers) send `pg_notify`
// at commit, whatever wrote the row (a code path, a migration, hand-run SQL), to every process listening
// (tile-access-listener.ts: other API processes on PostgreSQL, a ROLE=worker process that swaps results). The
// listener is the single source of "committed". A write of this process may also call `tileAccessChanged(tx, …)`
// in its transaction, which costs no statement: the entry goes at once, so this process's own next request (the
// response to the write is sent before the notification is heard on PostgreSQL) never sees the old entry. Between
// that call and the commit a reader could load the old row again: the key stays "pending" until the trigger's
// notification arrives (or PENDING_MS for a rollback), and a pending key is never remembered. A load that began before any invalidation does not store what it read
// (generation). Without a live LISTEN (PostgreSQL connection lost) nothing is remembered and every tile reads the
// database as before. A logged-out session is the auth plugin's rule (modules/auth/ended-sessions.ts, 5 s per
// session across processes, at once in this one).
import type { Db, Database } from '../../db/database.ts';
import type { AuthUser } from '../../deps.ts';

export const TILE_ACCESS_CHANNEL = 'pipewise_tile_access';
/** How long a change announced in a transaction keeps its key out of the maps when no commit is heard of. */
const PENDING_MS = 10_000;
const MAX_ENTRIES = 20_000;

export interface DatasetAccess {
  clientId: number;
  tileRevision: number;
  analysisId: number | null;
}

export interface UserAccess {
  user: Omit<AuthUser, 'expiresAt' | 'sessionId' | 'apiToken'>;
  tokenVersion: number;
}

export type TileAccessChange = { dataset: number } | { user: number } | { client: number };

const keyOf = (c: TileAccessChange): string =>
  'dataset' in c ? `d:${c.dataset}` : 'user' in c ? `u:${c.user}` : `c:${c.client}`;

export class TileAccess {
  private readonly datasets = new Map<number, DatasetAccess>();
  private readonly users = new Map<number, UserAccess>();
  private readonly pending = new Map<string, number>();
  /** Bumped by every invalidation: a load that began before one keeps what it read to itself. */
  private generation = 0;
  /** Whether changes made by other connections are heard (LISTEN); without it nothing is remembered. */
  listening = false;

  /** The generation a load begins at, to hand to remember*. */
  begin(): number {
    return this.generation;
  }

  dataset(id: number): DatasetAccess | undefined {
    return this.listening ? this.datasets.get(id) : undefined;
  }

  user(id: number): UserAccess | undefined {
    return this.listening ? this.users.get(id) : undefined;
  }

  rememberDataset(id: number, entry: DatasetAccess, since: number): void {
    if (this.mayRemember(`d:${id}`, since)) bounded(this.datasets).set(id, entry);
  }

  rememberUser(id: number, entry: UserAccess, since: number): void {
    if (this.mayRemember(`u:${id}`, since) && this.mayRemember(`c:${entry.user.clientId}`, since))
      bounded(this.users).set(id, entry);
  }

  private mayRemember(key: string, since: number): boolean {
    if (!this.listening || since !== this.generation) return false;
    const until = this.pending.get(key);
    if (until === undefined) return true;
    if (Date.now() < until) return false;
    this.pending.delete(key);
    return true;
  }

  /** A change announced (`pending`: in a transaction not yet committed) or committed (heard by LISTEN). */
  invalidate(change: TileAccessChange | '*', pending: boolean): void {
    this.generation++;
    if (change === '*') {
      this.datasets.clear();
      this.users.clear();
      return;
    }
    const key = keyOf(change);
    if (pending) bounded(this.pending).set(key, Date.now() + PENDING_MS);
    else this.pending.delete(key);
    if ('dataset' in change) this.datasets.delete(change.dataset);
    else if ('user' in change) this.users.delete(change.user);
    else for (const [id, u] of this.users) if (u.user.clientId === change.client) this.users.delete(id);
  }

  /** Forgets everything (LISTEN lost or regained: changes may have gone unheard). */
  reset(listening: boolean): void {
    this.generation++;
    this.datasets.clear();
    this.users.clear();
    this.listening = listening;
  }
}

/** A full map is emptied rather than tracked by age: entries are one query each to read again. */
function bounded<K, V>(m: Map<K, V>): Map<K, V> {
  if (m.size >= MAX_ENTRIES) m.clear();
  return m;
}

const accesses = new WeakMap<Database, TileAccess>();
/** Every TileAccess of the process: a change is announced without knowing the database (two apps in tests). */
const live = new Set<TileAccess>();

export function tileAccessOf(database: Database): TileAccess {
  let a = accesses.get(database);
  if (!a) {
    accesses.set(database, (a = new TileAccess()));
    live.add(a);
  }
  return a;
}

/** Parses a notification's payload; anything unknown forgets everything. */
export function changeOf(payload: string | undefined): TileAccessChange | '*' {
  const m = /^([duc]):(\d+)$/.exec(payload ?? '');
  if (!m) return '*';
  const id = Number(m[2]);
  return m[1] === 'd' ? { dataset: id } : m[1] === 'u' ? { user: id } : { client: id };
}

/**
 * A notification heard: the change is committed. Every database's maps of the process hear it, as they were all told
 * of it when announced (tileAccessChanged cannot tell which database a transaction is of; only tests have two).
 */
export function tileAccessHeard(payload: string | undefined): void {
  const change = changeOf(payload);
  for (const a of live) a.invalidate(change, false);
}

/** The database is closing: its maps are no longer told of changes. */
export function retireTileAccess(database: Database): void {
  const a = accesses.get(database);
  if (!a) return;
  a.reset(false);
  live.delete(a);
  accesses.delete(database);
}

/**
 * Called in the transaction that changes a dataset's tile revision, served analysis or existence, or a user's or
 * client's standing: forgets the entry in this process now (read-after-write in this process). Telling the other
 * processes at commit is the database's triggers' work (0031), so a write that does not call this is still heard.
 * Async and given the transaction so that it stays where the change is made, inside the transaction.
 */
export async function tileAccessChanged(_tx: Db, change: TileAccessChange): Promise<void> {
  for (const a of live) a.invalidate(change, true);
}

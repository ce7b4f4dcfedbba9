// Issue 36: a pipe is in at most one active (not closed) project. The database holds the rule (the partial unique
// index ACTIVE_PIPE_INDEX, schema-planner.ts); this module names the conflict before a write so the 409 can say
// which pipe and which project, and turns the index's violation (two writes at the same moment) into the same 409.
import { sql } from 'drizzle-orm';
import type { BookedPipe } from '@pipewise/domain';
import type { Db } from '../../db/database.ts';
import { ACTIVE_PIPE_INDEX } from '../../db/schema-planner.ts';
import { AppError } from '../../lib/errors.ts';

const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

const BOOKED_COLUMNS = sql`pp.pipe_id, p.native_pipe_id, pj.id AS project_id, pj.name AS project_name`;
const BOOKED_FROM = sql`project_pipes pp JOIN projects pj ON pj.id = pp.project_id JOIN pipes p ON p.id = pp.pipe_id`;
const toBooked = (r: Record<string, unknown>): BookedPipe => ({
  pipe_id: Number(r['pipe_id']),
  native_pipe_id: String(r['native_pipe_id']),
  project_id: Number(r['project_id']),
  project_name: String(r['project_name']),
});

/** Those of the pipes that an active project other than `except` holds, by native id. */
export async function bookedElsewhere(
  tx: Db,
  pipeIds: readonly number[],
  except: number | null,
): Promise<BookedPipe[]> {
  if (pipeIds.length === 0) return [];
  const rows = await tx.execute(sql`
    SELECT ${BOOKED_COLUMNS} FROM ${BOOKED_FROM}
    WHERE pp.active AND pp.pipe_id = ANY(${idArray(pipeIds)}::bigint[])
      ${except === null ? sql`` : sql`AND pp.project_id <> ${except}`}
    ORDER BY p.native_pipe_id, pp.pipe_id`);
  return rows.rows.map(toBooked);
}

/** Every pipe of the dataset held by an active project, with the project (the planner and pipe finder skip them). */
export async function bookedInDataset(tx: Db, datasetId: number): Promise<Map<number, BookedPipe>> {
  const rows = await tx.execute(sql`
    SELECT ${BOOKED_COLUMNS} FROM ${BOOKED_FROM} WHERE pp.active AND pj.dataset_id = ${datasetId}`);
  return new Map(rows.rows.map((r) => [Number(r['pipe_id']), toBooked(r)]));
}

const LISTED = 5;

/** 409 PIPE_BOOKED naming the pipes and their projects; `then` says what the user can do about it. */
export function pipesBooked(booked: readonly BookedPipe[], then: string): AppError {
  const named = (b: BookedPipe) => `${b.native_pipe_id} (project “${b.project_name}”, #${b.project_id})`;
  const head =
    booked.length === 1
      ? `Pipe ${named(booked[0]!)} is already in an active project.`
      : `${booked.length} pipes are already in active projects: ${booked.slice(0, LISTED).map(named).join(', ')}` +
        `${booked.length > LISTED ? ` and ${booked.length - LISTED} more` : ''}.`;
  const message = `${head} A pipe can be in one active project at a time. ${then}`;
  return new AppError(409, 'PIPE_BOOKED', message, undefined, [...booked]);
}

/** A unique violation of the one-active-project index, however the driver wraps it. */
export function isBookingViolation(err: unknown): boolean {
  for (let e: unknown = err; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (
      code === '23505' &&
      (constraint === ACTIVE_PIPE_INDEX || String(message).includes(ACTIVE_PIPE_INDEX))
    ) {
      return true;
    }
  }
  return false;
}

/** The 409 for a booking that lost a race: its pipes were taken by another write at the same moment. */
export const bookedMeanwhile = () =>
  new AppError(
    409,
    'PIPE_BOOKED',
    'A pipe of this project was booked by another project at the same moment. Reload the projects and try again.',
    undefined,
    [],
  );

// SQL of a report's heading and of the screen log: the dataset's name, the client's country (currency, JP rule),
// the name of the COF scenario the served analysis used, and the report-route events (spec 001 §2, §7).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from './report-context.ts';

export interface ReportHeading {
  datasetName: string;
  country: string | null;
  /** Null when the analysis used the country default (or its scenario was deleted since). */
  scenario: { id: number; name: string } | null;
}

export async function reportHeading(
  tx: Db,
  q: { datasetId: number; clientId: number; scenarioId: number | null },
): Promise<ReportHeading> {
  const [r] = await rowsOf(
    tx,
    sql`
      SELECT d.name AS dataset_name, c.country, s.id AS scenario_id, s.name AS scenario_name
      FROM datasets d
      LEFT JOIN clients c ON c.id = ${q.clientId}
      LEFT JOIN cof_scenarios s ON s.id = ${q.scenarioId}
      WHERE d.id = ${q.datasetId}`,
  );
  return {
    datasetName: String(r?.['dataset_name'] ?? ''),
    country: r?.['country'] == null ? null : String(r['country']),
    scenario:
      r?.['scenario_id'] == null ? null : { id: Number(r['scenario_id']), name: String(r['scenario_name']) },
  };
}

/** Whether the dataset is visible to the caller (row-level security hides another client's). */
export async function datasetVisible(tx: Db, datasetId: number): Promise<boolean> {
  return (await rowsOf(tx, sql`SELECT 1 FROM datasets WHERE id = ${datasetId}`)).length > 0;
}

export async function insertRouteEvent(
  tx: Db,
  e: { clientId: number; userId: number; routeTypeCode: number; datasetId: number | null },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO report_route_events (client_id, user_id, route_type_code, dataset_id)
    VALUES (${e.clientId}, ${e.userId}, ${e.routeTypeCode}, ${e.datasetId})`);
}

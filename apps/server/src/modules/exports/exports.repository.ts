// SQL of the e-mail exports: the pipes of a dataset with their displayed attributes and served results, and the
// valve isolation segments of the served analysis, each in pages by id and without the ids the map hides.
// Runs under withTenant.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { pipeResults, visSegments } from '../../db/schema-analysis.ts';
import { breaks, datasets, pipes } from '../../db/schema-network.ts';
import { clients, users } from '../../db/schema.ts';
import { statusOf } from '../assets/asset-view.ts';
import { DISPLAYED } from '../assets/assets.repository.ts';
import { defaultUnitsFor } from '../users/user-view.ts';
import type { ExportUnits, PipeExportRow, VisExportRow } from './export-csv.ts';
import type { CofBreRow } from './formats/cof-bre-layer.ts';
import type { NormalizedBreakRow } from './formats/normalized-break-layer.ts';
import type { NormalizedPipeRow } from './formats/normalized-pipe-layer.ts';

export const PAGE = 5000;

/** Ids validated as integers by the route: a literal array is one parameter however many there are. */
const idArray = (ids: readonly number[]) => `{${ids.map((i) => Math.trunc(i)).join(',')}}`;

export async function pipePage(
  tx: Db,
  q: { datasetId: number; hiddenIds: readonly number[]; afterId: number; onlyIds?: readonly number[] },
): Promise<PipeExportRow[]> {
  const rows = await tx
    .select({
      id: pipes.id,
      nativePipeId: pipes.nativePipeId,
      address: pipes.address,
      lengthM: pipes.lengthM,
      overrides: pipes.overrides,
      provided: {
        diameter: pipes.diameterMm,
        installYear: pipes.installYear,
        material: pipes.materialTypeCode,
      },
      displayed: DISPLAYED,
      lof12: pipeResults.lof12,
      lof24: pipeResults.lof24,
      lof36: pipeResults.lof36,
      lof60: pipeResults.lof60,
      rank12: pipeResults.rank12,
      rul: pipeResults.rul,
      cofTotal: pipeResults.cofTotal,
      bre: pipeResults.bre,
    })
    .from(pipes)
    .innerJoin(datasets, eq(datasets.id, pipes.datasetId))
    .leftJoin(
      pipeResults,
      and(eq(pipeResults.analysisId, datasets.analysisId), eq(pipeResults.pipeId, pipes.id)),
    )
    .where(
      and(
        eq(pipes.datasetId, q.datasetId),
        gt(pipes.id, q.afterId),
        q.hiddenIds.length ? sql`${pipes.id} <> ALL(${idArray(q.hiddenIds)}::bigint[])` : undefined,
        q.onlyIds ? sql`${pipes.id} = ANY(${idArray(q.onlyIds)}::bigint[])` : undefined,
      ),
    )
    .orderBy(asc(pipes.id))
    .limit(PAGE);
  return rows.map((r) => ({
    id: r.id,
    nativePipeId: r.nativePipeId,
    address: r.address,
    lengthM: r.lengthM,
    diameterMm: r.displayed.diameter,
    installYear: r.displayed.installYear,
    materialTypeCode: r.displayed.materialTypeCode,
    installYearStatus: statusOf(r.overrides.installYear, r.provided.installYear),
    diameterStatus: statusOf(r.overrides.diameterMm, r.provided.diameter),
    materialStatus: statusOf(r.overrides.materialTypeCode, r.provided.material),
    lof: { '12': r.lof12, '24': r.lof24, '36': r.lof36, '60': r.lof60 },
    rank12: r.rank12,
    rul: r.rul,
    cofTotal: r.cofTotal,
    bre: r.bre,
  }));
}

/** Every pipe of a dataset as imported, with the values in use (DISPLAYED) and their origin: the normalizedPipe file. */
export async function normalizedPipePage(
  tx: Db,
  q: { datasetId: number; afterId: number },
): Promise<NormalizedPipeRow[]> {
  const rows = await tx
    .select({
      id: pipes.id,
      nativePipeId: pipes.nativePipeId,
      lengthM: pipes.lengthM,
      overrides: pipes.overrides,
      provided: {
        diameterMm: pipes.diameterMm,
        installYear: pipes.installYear,
        materialTypeCode: pipes.materialTypeCode,
      },
      displayed: DISPLAYED,
      fromNode: pipes.fromNode,
      toNode: pipes.toNode,
      pressureZone: pipes.pressureZone,
      abandoned: pipes.abandoned,
    })
    .from(pipes)
    .innerJoin(datasets, eq(datasets.id, pipes.datasetId))
    .leftJoin(
      pipeResults,
      and(eq(pipeResults.analysisId, datasets.analysisId), eq(pipeResults.pipeId, pipes.id)),
    )
    .where(and(eq(pipes.datasetId, q.datasetId), gt(pipes.id, q.afterId)))
    .orderBy(asc(pipes.id))
    .limit(PAGE);
  return rows.map((r) => ({
    id: r.id,
    nativePipeId: r.nativePipeId,
    lengthM: r.lengthM,
    provided: r.provided,
    used: {
      diameterMm: r.displayed.diameter,
      installYear: r.displayed.installYear,
      materialTypeCode: r.displayed.materialTypeCode,
    },
    status: {
      diameter: statusOf(r.overrides.diameterMm, r.provided.diameterMm),
      installYear: statusOf(r.overrides.installYear, r.provided.installYear),
      material: statusOf(r.overrides.materialTypeCode, r.provided.materialTypeCode),
    },
    fromNode: r.fromNode,
    toNode: r.toNode,
    pressureZone: r.pressureZone,
    abandoned: r.abandoned,
  }));
}

/** Every pipe of a dataset with the COF and BRE of the given (served) analysis: the cofBre file. */
export async function cofBrePage(
  tx: Db,
  q: { datasetId: number; analysisId: number; afterId: number },
): Promise<CofBreRow[]> {
  return tx
    .select({
      id: pipes.id,
      nativePipeId: pipes.nativePipeId,
      lengthM: pipes.lengthM,
      cofTotal: pipeResults.cofTotal,
      cofLevel: pipeResults.cofLevel,
      cof: pipeResults.cof,
      bre: pipeResults.bre,
      breLevel: pipeResults.breLevel,
    })
    .from(pipes)
    .leftJoin(pipeResults, and(eq(pipeResults.analysisId, q.analysisId), eq(pipeResults.pipeId, pipes.id)))
    .where(and(eq(pipes.datasetId, q.datasetId), gt(pipes.id, q.afterId)))
    .orderBy(asc(pipes.id))
    .limit(PAGE);
}

/** Every break of a dataset with the pipe it is linked to, and for a snapped one its geodesic distance (m). */
export async function normalizedBreakPage(
  tx: Db,
  q: { datasetId: number; afterId: number },
): Promise<NormalizedBreakRow[]> {
  const rows = await tx
    .select({
      id: breaks.id,
      breakDate: breaks.breakDate,
      nativePipeId: breaks.nativePipeId,
      pipeId: breaks.pipeId,
      pipeNativeId: pipes.nativePipeId,
      matchedBy: breaks.matchedBy,
      snapDistanceM: sql<
        number | null
      >`CASE WHEN ${breaks.matchedBy} = 'snap' THEN ST_Distance(${pipes.geom}::geography, ${breaks.geom}::geography) END`,
    })
    .from(breaks)
    .leftJoin(pipes, eq(pipes.id, breaks.pipeId))
    .where(and(eq(breaks.datasetId, q.datasetId), gt(breaks.id, q.afterId)))
    .orderBy(asc(breaks.id))
    .limit(PAGE);
  return rows.map((r) => ({
    ...r,
    snapDistanceM: r.snapDistanceM === null ? null : Number(r.snapDistanceM),
  }));
}

export async function visPage(
  tx: Db,
  q: { analysisId: number; hiddenIds: readonly number[]; afterId: number },
): Promise<VisExportRow[]> {
  return tx
    .select({
      segmentId: visSegments.segmentId,
      pipes: visSegments.pipes,
      valves: visSegments.valves,
      lengthM: visSegments.lengthM,
      installYear: visSegments.installYear,
      breaks: visSegments.breaks,
      lof12: visSegments.lof12,
      lof: visSegments.lof,
      population: visSegments.population,
    })
    .from(visSegments)
    .where(
      and(
        eq(visSegments.analysisId, q.analysisId),
        gt(visSegments.segmentId, q.afterId),
        q.hiddenIds.length ? sql`${visSegments.segmentId} <> ALL(${idArray(q.hiddenIds)}::int[])` : undefined,
      ),
    )
    .orderBy(asc(visSegments.segmentId))
    .limit(PAGE);
}

/** The recipient: the caller's own address (visible under the caller's tenant). */
export async function userContact(tx: Db, userId: number) {
  const [row] = await tx
    .select({ email: users.email, fullName: users.fullName, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The user's own length and diameter units, else their client's country default (users/user-view.ts). */
export async function exportUnitsOf(tx: Db, userId: number, clientId: number): Promise<ExportUnits> {
  const [user] = await tx.select({ units: users.units }).from(users).where(eq(users.id, userId));
  const [client] = await tx
    .select({ country: clients.country })
    .from(clients)
    .where(eq(clients.id, clientId));
  const chosen = user?.units ?? defaultUnitsFor(client?.country ?? 'US');
  return { segment: chosen.segment, diameter: chosen.diameter };
}

export async function datasetName(tx: Db, datasetId: number): Promise<string | undefined> {
  const [row] = await tx.select({ name: datasets.name }).from(datasets).where(eq(datasets.id, datasetId));
  return row?.name;
}

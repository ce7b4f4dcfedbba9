// What a project offers as files (docs/api-planner.md): its map image, its pipes as a CSV a council reads (the user's
// units, project-csv.ts) and as GeoJSON with the project's items as they are on the wire (SI, the project's
// currency) for GIS.
import type { AuthUser, Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { findServedDataset } from '../assets/viewer.repository.ts';
import type { PipeExportRow } from '../exports/export-csv.ts';
import { exportUnitsOf, PAGE, pipePage } from '../exports/exports.repository.ts';
import { reportHeading } from '../reports/reports.repository.ts';
import { inPlanner, timeZoneOf } from './planner-scope.ts';
import { projectCsvText } from './project-csv.ts';
import { projectDetail } from './projects.service.ts';
import * as repo from './projects.repository.ts';

export interface ProjectFile {
  contentType: string;
  fileName: string;
  body: Buffer | string;
}

const DATA_URL = /^data:(image\/(?:png|jpeg));base64,(.*)$/s;

/** The stored data URL as bytes (404 when the project has none). */
export const projectImage = (deps: Deps, me: AuthUser, id: number) =>
  inPlanner(deps, me, async ({ tx }): Promise<ProjectFile> => {
    const image = await repo.image(tx, id);
    if (image === undefined) throw notFound('Project not found.');
    const match = image === null ? null : DATA_URL.exec(image);
    if (!match) throw notFound('This project has no image.');
    const type = match[1]!;
    return {
      contentType: type,
      fileName: `project-${id}.${type === 'image/png' ? 'png' : 'jpg'}`,
      body: Buffer.from(match[2]!, 'base64'),
    };
  });

/** The project's pipes for a council (project-csv.ts): the user's units, the project's currency, a heading. */
export const projectCsv = (deps: Deps, me: AuthUser, id: number) =>
  inPlanner(deps, me, async (scope): Promise<ProjectFile> => {
    const { tx } = scope;
    const project = await projectDetail(scope, id);
    const dataset = await findServedDataset(tx, project.dataset_id);
    const heading = await reportHeading(tx, {
      datasetId: project.dataset_id,
      clientId: me.clientId,
      scenarioId: dataset?.analysis?.cofScenarioId ?? null,
    });
    const ids = project.items.map((i) => i.pipe_id);
    const rows: PipeExportRow[] = [];
    for (let afterId = 0; ;) {
      const page = await pipePage(tx, {
        datasetId: project.dataset_id,
        hiddenIds: [],
        afterId,
        onlyIds: ids,
      });
      rows.push(...page);
      if (page.length < PAGE) break;
      afterId = page[page.length - 1]!.id;
    }
    const zone = await timeZoneOf(tx, me.id);
    const body = projectCsvText(
      {
        project,
        datasetName: heading.datasetName,
        scenarioName: heading.scenario?.name ?? null,
        units: await exportUnitsOf(tx, me.id, me.clientId),
        exportedAt: `${new Date().toLocaleString('sv-SE', { timeZone: zone })} (${zone})`,
        gates: scope.gates,
      },
      rows,
    );
    return { contentType: 'text/csv; charset=utf-8', fileName: `project-${id}-pipes.csv`, body };
  });

/** A FeatureCollection in EPSG:4326 (RFC 7946), the items' fields as each pipe's properties. */
export const projectGeoJson = (deps: Deps, me: AuthUser, id: number) =>
  inPlanner(deps, me, async (scope): Promise<ProjectFile> => {
    const project = await projectDetail(scope, id);
    const geometries = await repo.pipeGeometries(scope.tx, id);
    const features = project.items.map(
      (item) =>
        `{"type":"Feature","id":${item.pipe_id},"geometry":${geometries.get(item.pipe_id) ?? 'null'},` +
        `"properties":${JSON.stringify({ ...item, project_id: id })}}`,
    );
    return {
      contentType: 'application/geo+json',
      fileName: `project-${id}-pipes.geojson`,
      body: `{"type":"FeatureCollection","name":${JSON.stringify(project.name)},"features":[${features.join(',')}]}`,
    };
  });

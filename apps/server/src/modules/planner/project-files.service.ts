// What a project offers as files (docs/api-planner.md): its map image, and its pipes as CSV or GeoJSON downloads
// with the same figures as the project's items (lengths in m, diameters in mm, costs in the project's currency).
import type { ProjectItem } from '@pipewise/domain';
import type { AuthUser, Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { csvLine } from '../exports/export-csv.ts';
import { inPlanner } from './planner-scope.ts';
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

const COLUMNS = [
  'pipe_id',
  'native_pipe_id',
  'length_m',
  'diameter_mm',
  'lof12',
  'total_risk_12',
  'cost',
] as const satisfies readonly (keyof ProjectItem)[];

/** A header row, then one row per pipe; a byte-order mark so spreadsheets read non-ASCII ids right. */
export const projectCsv = (deps: Deps, me: AuthUser, id: number) =>
  inPlanner(deps, me, async (scope): Promise<ProjectFile> => {
    const project = await projectDetail(scope, id);
    const lines = [csvLine(COLUMNS), ...project.items.map((item) => csvLine(COLUMNS.map((c) => item[c])))];
    return {
      contentType: 'text/csv; charset=utf-8',
      fileName: `project-${id}-pipes.csv`,
      body: '\uFEFF' + lines.join(''),
    };
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

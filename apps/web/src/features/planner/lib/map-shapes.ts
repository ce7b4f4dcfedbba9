// The planner's map content (src/map/planner.layers.ts draws it): project areas and the proposals of the plan in
// review as GeoJSON features with a `kind` and a `selected` flag, the pipes to draw a halo under, and the box to
// fly to. Pure: the map adapter only applies what this builds.
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { ProjectGeometryView, ProposalView } from '../api/types.ts';
import { pipesToResolve } from './project-list.ts';

const GEOMETRY_TYPES = new Set([
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
]);

export function asGeometry(value: unknown): Geometry | null {
  if (!value || typeof value !== 'object') return null;
  const type = (value as { type?: unknown }).type;
  return typeof type === 'string' && GEOMETRY_TYPES.has(type) ? (value as Geometry) : null;
}

export interface ShapeInput {
  projects: readonly ProjectGeometryView[] | undefined;
  proposals: readonly ProposalView[] | undefined;
  selectedProjectId: number | null;
  selectedProposalId: number | null;
}

export function plannerShapes(input: ShapeInput): FeatureCollection | null {
  const features: Feature[] = [];
  for (const project of input.projects ?? []) {
    const geometry = asGeometry(project.area);
    if (!geometry) continue;
    features.push({
      type: 'Feature',
      id: project.id,
      geometry,
      properties: {
        kind: 'projectArea',
        name: project.name,
        status: project.status,
        selected: project.id === input.selectedProjectId,
      },
    });
  }
  for (const proposal of input.proposals ?? []) {
    const geometry = asGeometry(proposal.geometry);
    if (!geometry) continue;
    features.push({
      type: 'Feature',
      id: proposal.id,
      geometry,
      properties: {
        kind: 'proposal',
        rank: proposal.rank,
        selected: proposal.id === input.selectedProposalId,
      },
    });
  }
  return features.length > 0 ? { type: 'FeatureCollection', features } : null;
}

export interface HaloInput {
  foundPipeIds: readonly number[] | null;
  proposal: Pick<ProposalView, 'pipeIds'> | null;
  projectPipeIds: readonly number[] | null;
  /** The renewals of a programme's year shown on the map (issue 39). */
  programmePipeIds?: readonly number[] | null;
}

/**
 * What the halo marks: the pipe finder's answer while shown, else the chosen proposal, else the open project, else
 * the programme year on the map.
 */
export function haloPipes(input: HaloInput): readonly number[] | null {
  return (
    pipesToResolve(input.foundPipeIds) ??
    pipesToResolve(input.proposal?.pipeIds) ??
    pipesToResolve(input.projectPipeIds) ??
    pipesToResolve(input.programmePipeIds)
  );
}

export type BBox = [number, number, number, number];

/** [west, south, east, north] of a GeoJSON geometry; null when it holds no coordinates. */
export function bboxOf(value: unknown): BBox | null {
  const geometry = asGeometry(value);
  if (!geometry) return null;
  const box: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (coords: unknown): void => {
    if (!Array.isArray(coords)) return;
    if (typeof coords[0] === 'number' && typeof coords[1] === 'number') {
      box[0] = Math.min(box[0], coords[0]);
      box[1] = Math.min(box[1], coords[1]);
      box[2] = Math.max(box[2], coords[0]);
      box[3] = Math.max(box[3], coords[1]);
      return;
    }
    for (const inner of coords) visit(inner);
  };
  if (geometry.type === 'GeometryCollection') {
    for (const inner of geometry.geometries) {
      const b = bboxOf(inner);
      if (b) visit([b.slice(0, 2), b.slice(2)]);
    }
  } else {
    visit(geometry.coordinates);
  }
  return Number.isFinite(box[0]) ? box : null;
}

/** Every project's pipes grouped by status, for the portfolio map (issue 36); a pipe of two projects (a closed
 * one and an active one) takes the active one's status, as the active project is the one that will renew it. */
export function portfolioGroups(
  projects: readonly { status: number; pipeIds: readonly number[] }[],
): { status: number; pipeIds: number[] }[] {
  const statusOf = new Map<number, number>();
  const CLOSED = 4;
  for (const p of projects) {
    for (const id of p.pipeIds) {
      const had = statusOf.get(id);
      if (had === undefined || had === CLOSED) statusOf.set(id, p.status);
    }
  }
  const groups = new Map<number, number[]>();
  for (const [id, status] of statusOf) {
    if (!groups.has(status)) groups.set(status, []);
    groups.get(status)!.push(id);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([status, pipeIds]) => ({ status, pipeIds }));
}

/** Where a project is: its pipes' extent, grown to its drawn area (issue 36: zoom to it, fit its PDF map). */
export function projectBox(
  project: { area: unknown; pipesBbox: readonly number[] | null } | undefined,
): BBox | null {
  if (!project) return null;
  const area = bboxOf(project.area);
  const pipes = project.pipesBbox?.length === 4 ? ([...project.pipesBbox] as BBox) : null;
  if (!area) return pipes;
  if (!pipes) return area;
  return [
    Math.min(area[0], pipes[0]),
    Math.min(area[1], pipes[1]),
    Math.max(area[2], pipes[2]),
    Math.max(area[3], pipes[3]),
  ];
}

import { describe, expect, it } from 'vitest';
import type { ProjectGeometryView, ProposalView } from '../api/types.ts';
import { bboxOf, haloPipes, plannerShapes, portfolioGroups, projectBox } from './map-shapes.ts';

const square = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [2, 0],
      [2, 1],
      [0, 1],
      [0, 0],
    ],
  ],
};
const line = {
  type: 'MultiLineString',
  coordinates: [
    [
      [5, 5],
      [6, 7],
    ],
  ],
};
const project = (id: number, area: unknown): ProjectGeometryView => ({
  id,
  name: `P${id}`,
  status: 0,
  area,
  pipeIds: [1],
  pipesBbox: null,
});
const proposal = (id: number, pipeIds: number[]) =>
  ({ id, rank: id, pipeIds, geometry: line }) as ProposalView;

describe('planner map content', () => {
  it('turns project areas and proposals into features with kind and selected flags', () => {
    const shapes = plannerShapes({
      projects: [project(1, square), project(2, null)],
      proposals: [proposal(7, [3])],
      selectedProjectId: 1,
      selectedProposalId: null,
    });
    expect(shapes?.features.map((f) => f.properties)).toEqual([
      { kind: 'projectArea', name: 'P1', status: 0, selected: true },
      { kind: 'proposal', rank: 7, selected: false },
    ]);
    expect(
      plannerShapes({
        projects: [],
        proposals: undefined,
        selectedProjectId: null,
        selectedProposalId: null,
      }),
    ).toBeNull();
  });

  it('halos found pipes first, then the chosen proposal, then the open project — never an empty list', () => {
    expect(haloPipes({ foundPipeIds: [1], proposal: proposal(7, [3]), projectPipeIds: [9] })).toEqual([1]);
    expect(haloPipes({ foundPipeIds: [], proposal: proposal(7, [3]), projectPipeIds: [9] })).toEqual([3]);
    expect(haloPipes({ foundPipeIds: null, proposal: null, projectPipeIds: [9] })).toEqual([9]);
    expect(haloPipes({ foundPipeIds: null, proposal: proposal(7, []), projectPipeIds: [] })).toBeNull();
    // Issue 39: a programme year shown on the map, when nothing of the planner's own is in focus.
    expect(
      haloPipes({ foundPipeIds: null, proposal: null, projectPipeIds: null, programmePipeIds: [4, 5] }),
    ).toEqual([4, 5]);
    expect(
      haloPipes({ foundPipeIds: null, proposal: null, projectPipeIds: [9], programmePipeIds: [4, 5] }),
    ).toEqual([9]);
  });

  it('boxes a geometry', () => {
    expect(bboxOf(square)).toEqual([0, 0, 2, 1]);
    expect(bboxOf(line)).toEqual([5, 5, 6, 7]);
    expect(bboxOf({ type: 'GeometryCollection', geometries: [square, line] })).toEqual([0, 0, 6, 7]);
    expect(bboxOf(null)).toBeNull();
    expect(bboxOf({ type: 'Nope' })).toBeNull();
  });
});

describe('portfolio groups (issue 36)', () => {
  it('groups every project’s pipes by status; a pipe of a closed and an active project takes the active one’s', () => {
    expect(
      portfolioGroups([
        { status: 4, pipeIds: [1, 2] },
        { status: 0, pipeIds: [2, 3] },
        { status: 1, pipeIds: [4] },
      ]),
    ).toEqual([
      { status: 0, pipeIds: [2, 3] },
      { status: 1, pipeIds: [4] },
      { status: 4, pipeIds: [1] },
    ]);
  });
});

describe('where a project is (issue 36)', () => {
  it('spans its pipes and its drawn area; a proposal made a project has pipes only', () => {
    expect(projectBox({ area: null, pipesBbox: [1, 2, 3, 4] })).toEqual([1, 2, 3, 4]);
    expect(projectBox({ area: null, pipesBbox: null })).toBeNull();
    expect(projectBox(undefined)).toBeNull();
    const area = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [2, 0],
          [2, 5],
          [0, 5],
          [0, 0],
        ],
      ],
    };
    expect(projectBox({ area, pipesBbox: [1, 2, 3, 4] })).toEqual([0, 0, 3, 5]);
  });
});

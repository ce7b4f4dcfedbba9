import { describe, expect, it } from 'vitest';
import type { Page, ProjectView } from '../api/types.ts';
import { pipesToResolve, replaceProjectList } from './project-list.ts';

const page = (ids: number[], total: number): Page<ProjectView> => ({
  items: ids.map((id) => ({ id }) as ProjectView),
  meta: { page: 1, perPage: 5, totalResults: total, totalPages: Math.ceil(total / 5) },
});

describe('project list rules', () => {
  it('PLAN-LIST-04: the shown list is replaced only by an answer counting more than 0 projects', () => {
    const shown = page([3, 2, 1], 3);
    expect(replaceProjectList(shown, page([4, 3, 2, 1], 4))).toEqual(page([4, 3, 2, 1], 4));
    expect(replaceProjectList(shown, page([], 0))).toBe(shown);
    expect(replaceProjectList(shown, undefined)).toBe(shown);
    // With nothing shown yet, an empty answer is what there is.
    expect(replaceProjectList(undefined, page([], 0))).toEqual(page([], 0));
  });

  it('PLAN-LIST-05: a project’s pipes are resolved only when it has any', () => {
    expect(pipesToResolve([])).toBeNull();
    expect(pipesToResolve(null)).toBeNull();
    expect(pipesToResolve([5])).toEqual([5]);
  });
});

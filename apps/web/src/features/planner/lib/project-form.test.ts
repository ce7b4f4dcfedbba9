import { describe, expect, it } from 'vitest';
import type { ProjectDefaultsView } from '../api/types.ts';
import {
  newProjectValues,
  projectFormSchema,
  toProjectInput,
  type ProjectFormValues,
} from './project-form.ts';

const defaults: ProjectDefaultsView = {
  standardRepairCost: { d1: 168, d2: 200, d3: 280, d4: 330, d5: 380, d6: 450 },
  repairCostUnit: { currency: 'USD', perLengthUnit: 'ft' },
};
const values = (over: Partial<ProjectFormValues> = {}): ProjectFormValues => ({
  ...newProjectValues({ name: 'Main St', startDate: '2026-11-24', endDate: '2026-12-01' }, defaults),
  ...over,
});
/** The first issue of each field: the one the form shows (lib/form-resolver.ts). */
function issues(v: ProjectFormValues): string[] {
  const first = new Map<string, string>();
  for (const i of projectFormSchema.safeParse(v).error?.issues ?? []) {
    const path = i.path.join('.');
    if (!first.has(path)) first.set(path, `${path}:${i.message}`);
  }
  return [...first.values()];
}

describe('project form (TBD-13)', () => {
  it('starts from the client’s default repair costs (PLAN-PRJ-04)', () => {
    expect(values().repairCosts).toEqual({
      d1: '168',
      d2: '200',
      d3: '280',
      d4: '330',
      d5: '380',
      d6: '450',
    });
    expect(issues(values())).toEqual([]);
  });

  it('needs a name, an end after the start, a budget ≥ 0 and valid e-mails', () => {
    expect(issues(values({ name: '  ' }))).toEqual(['name:validations.required']);
    expect(issues(values({ endDate: '2026-11-24' }))).toEqual(['endDate:validations.after']);
    expect(issues(values({ endDate: '2026-11-20' }))).toEqual(['endDate:validations.after']);
    expect(issues(values({ budget: '-1' }))).toEqual(['budget:validations.min_value']);
    expect(issues(values({ budget: 'lots' }))).toEqual(['budget:validations.numeric']);
    expect(issues(values({ budget: '' }))).toEqual([]);
    expect(issues(values({ managerEmail: 'not-an-email' }))).toEqual(['managerEmail:validations.email']);
    expect(issues(values({ inspectorEmail: ' ada@example.com ' }))).toEqual([]);
    expect(issues(values({ repairCosts: { ...values().repairCosts, d3: '' } }))).toEqual([
      'repairCosts.d3:validations.required',
    ]);
  });

  it('sends pipes when there are some, else the area, with status inProgress (0) and the image', () => {
    const input = toProjectInput(
      values({ budget: '12000', managerEmail: 'ada@example.com' }),
      7,
      { pipeIds: [3, 4], area: null },
      'data:image/png;base64,AAA',
    );
    expect(input).toMatchObject({
      datasetId: 7,
      name: 'Main St',
      status: 0,
      pipeIds: [3, 4],
      projectArea: null,
      budget: 12000,
      managerEmail: 'ada@example.com',
      managerName: null,
      image: 'data:image/png;base64,AAA',
      standardRepairCost: { d1: 168, d6: 450 },
    });
    const byArea = toProjectInput(values(), 7, { pipeIds: null, area: 'POLYGON((0 0,1 0,1 1,0 0))' }, null);
    expect(byArea).not.toHaveProperty('pipeIds');
    expect(byArea.projectArea).toBe('POLYGON((0 0,1 0,1 1,0 0))');
    expect(byArea.budget).toBeNull();
  });
});

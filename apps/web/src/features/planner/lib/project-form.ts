// The project form (spec 001 §3, PLAN-PRJ-01/04/05; TBD-13 rules): name required; both dates required with the end
// after the start; budget a number ≥ 0 (empty = none); manager and inspector e-mails valid when given; repair costs
// d1–d6 numbers ≥ 0 in the unit the defaults name. Pure: schema, starting values and the payloads.
import { z } from 'zod';
import type { ProjectInput } from '../api/create-project.ts';
import type { ProjectPatch } from '../api/update-project.ts';
import type { ProjectDefaultsView, ProjectDetailView, RepairCosts } from '../api/types.ts';
import { decimalText, isDecimal, parseDecimal } from './numbers.ts';

export const TIERS = ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'] as const;
export type Tier = (typeof TIERS)[number];

export interface ProjectFormValues {
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  budget: string;
  managerName: string;
  managerEmail: string;
  inspectorName: string;
  inspectorEmail: string;
  /** The picked user (issue 36); null for someone outside the client, named by the free text above. */
  managerId: number | null;
  inspectorId: number | null;
  repairCosts: Record<Tier, string>;
}

const required = z.string().trim().min(1, { message: 'validations.required' });
const isoDate = required.regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validations.regex' });
const email = z.union([z.literal(''), z.email({ message: 'validations.email' })]);
const nonNegative = (text: string) => parseDecimal(text) >= 0;
const amount = required
  .refine(isDecimal, { message: 'validations.numeric', abort: true })
  .refine(nonNegative, { message: 'validations.min_value', params: { min: 0 } });

export const projectFormSchema = z
  .object({
    name: required.max(120, { message: 'validations.max' }),
    description: z.string().max(4000, { message: 'validations.max' }),
    startDate: isoDate,
    endDate: isoDate,
    budget: z
      .string()
      .trim()
      .refine((v) => v === '' || isDecimal(v), { message: 'validations.numeric', abort: true })
      .refine((v) => v === '' || nonNegative(v), { message: 'validations.min_value', params: { min: 0 } }),
    managerName: z.string().max(200, { message: 'validations.max' }),
    managerEmail: z.string().trim().pipe(email),
    inspectorName: z.string().max(200, { message: 'validations.max' }),
    inspectorEmail: z.string().trim().pipe(email),
    managerId: z.number().int().nullable(),
    inspectorId: z.number().int().nullable(),
    repairCosts: z.object({ d1: amount, d2: amount, d3: amount, d4: amount, d5: amount, d6: amount }),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.endDate <= v.startDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: 'validations.after',
        params: { other: v.startDate },
      });
    }
  });

const costTexts = (costs: RepairCosts | undefined): Record<Tier, string> =>
  Object.fromEntries(TIERS.map((tier) => [tier, decimalText(costs?.[tier])])) as Record<Tier, string>;

/** A new project's form: the given name and dates, the client's default repair costs. */
export function newProjectValues(
  start: { name: string; startDate: string; endDate: string; budget?: number | null },
  defaults: ProjectDefaultsView | undefined,
): ProjectFormValues {
  return {
    name: start.name,
    description: '',
    startDate: start.startDate,
    endDate: start.endDate,
    budget: decimalText(start.budget ?? null),
    managerName: '',
    managerEmail: '',
    inspectorName: '',
    inspectorEmail: '',
    managerId: null,
    inspectorId: null,
    repairCosts: costTexts(defaults?.standardRepairCost),
  };
}

export function projectValues(project: ProjectDetailView): ProjectFormValues {
  return {
    name: project.name,
    description: project.description,
    startDate: project.startDate,
    endDate: project.endDate,
    budget: decimalText(project.budget),
    managerName: project.managerName ?? '',
    managerEmail: project.managerEmail ?? '',
    inspectorName: project.inspectorName ?? '',
    inspectorEmail: project.inspectorEmail ?? '',
    managerId: project.managerId,
    inspectorId: project.inspectorId,
    repairCosts: costTexts(project.standardRepairCost),
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The fields both a create and an edit send. */
export function projectFields(values: ProjectFormValues): ProjectPatch {
  return {
    name: values.name.trim(),
    description: values.description,
    startDate: values.startDate,
    endDate: values.endDate,
    budget: values.budget.trim() === '' ? null : parseDecimal(values.budget),
    managerName: orNull(values.managerName),
    managerEmail: orNull(values.managerEmail),
    inspectorName: orNull(values.inspectorName),
    inspectorEmail: orNull(values.inspectorEmail),
    managerId: values.managerId,
    inspectorId: values.inspectorId,
    standardRepairCost: Object.fromEntries(
      TIERS.map((tier) => [tier, parseDecimal(values.repairCosts[tier])]),
    ) as RepairCosts,
  };
}

/** What a new project is made of: chosen pipes, or the drawn area (the server takes the pipes inside it). */
export interface ProjectSource {
  pipeIds: readonly number[] | null;
  area: string | null;
}

export function toProjectInput(
  values: ProjectFormValues,
  datasetId: number,
  source: ProjectSource,
  image: string | null,
): ProjectInput {
  const fields = projectFields(values);
  return {
    ...fields,
    name: fields.name ?? values.name.trim(),
    startDate: values.startDate,
    endDate: values.endDate,
    datasetId,
    status: 0, // PLAN-PRJ-02: a new project is inProgress (code 0)
    ...(source.pipeIds && source.pipeIds.length > 0 ? { pipeIds: [...source.pipeIds] } : {}),
    projectArea: source.area,
    image,
  };
}

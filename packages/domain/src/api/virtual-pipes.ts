// Virtual pipes (spec 001 §2 "Virtual pipes", §3 virtual pipe attributes, §7 GET datasets/{id}/virtual_pipes,
// §9 25 per page): the pipes of a dataset with at least one attribute the utility did not provide, each attribute
// with its DATA_ORIGIN status, provided, imputed and displayed value. docs/api-virtual-pipes.md is the prose
// contract. Diameters are millimetres on the wire, like every asset call; the web shows the user's units.
import { z } from 'zod';
import { DIAMETER_OVERRIDE_MAX_MM } from './assets.ts';
import { MIN_YEAR, year } from '../validation/index.ts';

/** Spec 001 §9: the virtual pipe table shows 25 rows per page. */
export const VIRTUAL_PIPES_PAGE_SIZE = 25;
export const VIRTUAL_PIPES_PAGE_SIZE_MAX = 100;
/** A bulk edit names at most this many pipes (a table page selection, or a few pages of one). */
export const VIRTUAL_PIPES_BULK_MAX = 1000;

export const VIRTUAL_ATTRIBUTES = ['diameter', 'install_year', 'material_type_code'] as const;
export type VirtualAttribute = (typeof VIRTUAL_ATTRIBUTES)[number];

/** The confidence of an attribute's AI value: the model's likelihood of it (issue 38: the table sorts by it). */
export const VIRTUAL_LIKELIHOOD_SORT_KEYS = [
  'diameter_likelihood',
  'install_year_likelihood',
  'material_type_code_likelihood',
] as const;

export const VIRTUAL_PIPE_SORT_KEYS = [
  'id',
  'native_pipe_id',
  'address',
  ...VIRTUAL_ATTRIBUTES,
  ...VIRTUAL_LIKELIHOOD_SORT_KEYS,
] as const;
export type VirtualPipeSortKey = (typeof VIRTUAL_PIPE_SORT_KEYS)[number];

const numberOrNull = z.number().nullable();

/** One attribute of a virtual pipe; `likelihood` is the model's probability of the imputed value. */
export const virtualAttributeSchema = z.object({
  /** DATA_ORIGIN: 0 provided, 1 imputed, 2 overridden. */
  status: z.number().int().min(0).max(2),
  /** The displayed value: override > provided > imputed. */
  value: numberOrNull,
  provided: numberOrNull,
  imputed: numberOrNull,
  likelihood: numberOrNull,
});
export type VirtualAttributeValue = z.infer<typeof virtualAttributeSchema>;

export const virtualPipeRowSchema = z.object({
  id: z.number().int(),
  native_pipe_id: z.string(),
  address: z.string().nullable(),
  /** In the drawn sampling test, and (then) with a value recorded in the field (issue 38). */
  sampled: z.boolean(),
  verified: z.boolean(),
  diameter: virtualAttributeSchema,
  install_year: virtualAttributeSchema,
  material_type_code: virtualAttributeSchema,
});
export type VirtualPipeRow = z.infer<typeof virtualPipeRowSchema>;

/** GET …/virtual_pipes/{pipeId}: the row with the full likelihood map per category of each attribute. */
export const virtualPipeDetailSchema = virtualPipeRowSchema.extend({
  likelihoods: z.object({
    diameter: z.record(z.string(), z.number()).nullable(),
    install_year: z.record(z.string(), z.number()).nullable(),
    material_type_code: z.record(z.string(), z.number()).nullable(),
  }),
});
export type VirtualPipeDetail = z.infer<typeof virtualPipeDetailSchema>;

/**
 * GET …/virtual_pipes: `order_by` one key, `-` for descending (default `id`); `attribute` and/or `status` keep
 * the pipes whose attribute (any of the three without `attribute`) has that status (any non-provided without it).
 */
export const virtualPipeListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(VIRTUAL_PIPES_PAGE_SIZE_MAX).default(VIRTUAL_PIPES_PAGE_SIZE),
  order_by: z
    .string()
    .regex(new RegExp(`^-?(${VIRTUAL_PIPE_SORT_KEYS.join('|')})$`), { message: 'validations.sort' })
    .default('id'),
  attribute: z.enum(VIRTUAL_ATTRIBUTES).optional(),
  status: z.coerce.number().int().min(0).max(2).optional(),
  /** `true`: only the pipes of the drawn sampling test. */
  sample: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** The pipe's id, or part of its pipe id or address (case-insensitive). */
  search: z.string().trim().max(100).optional(),
});
export type VirtualPipeListQuery = z.infer<typeof virtualPipeListQuerySchema>;

/**
 * GET …/virtual_pipes/pipe_pages: the table page of each named pipe under the same sort, filter and page size as
 * the table (e.g. to open the page of a pipe picked on the map); `null` when the pipe is not in the filtered table.
 */
export const virtualPipePagesQuerySchema = virtualPipeListQuerySchema.omit({ page: true }).extend({
  pipe_ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, { message: 'validations.integer' })
    .transform((s) => s.split(',').map(Number))
    .refine((ids) => ids.every(Number.isSafeInteger), { message: 'validations.integer' })
    .refine((ids) => ids.length <= VIRTUAL_PIPES_PAGE_SIZE_MAX, { message: 'validations.max' }),
});
export type VirtualPipePagesQuery = z.infer<typeof virtualPipePagesQuerySchema>;
export const virtualPipePagesSchema = z.object({
  pages: z.array(z.object({ pipe_id: z.number().int(), page: z.number().int().nullable() })),
});
export type VirtualPipePages = z.infer<typeof virtualPipePagesSchema>;

export const virtualPipeListSchema = z.object({
  virtual_pipes: z.array(virtualPipeRowSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
  /** VIRTUAL_PIPE_PHASE of the dataset: INIT 0, FINALIZED 1, MERGED 2. */
  phase: z.number().int(),
});
export type VirtualPipeList = z.infer<typeof virtualPipeListSchema>;

/** The PATCH assets bounds of a value per attribute (diameter in mm). */
export const VIRTUAL_VALUE_RULES = {
  install_year: z
    .number()
    .int({ message: 'validations.year' })
    .refine((v) => year().test(v), { message: 'validations.year', params: { min: MIN_YEAR } }),
  material_type_code: z.number().int().min(0).max(10),
  diameter: z.number().min(0).max(DIAMETER_OVERRIDE_MAX_MM),
} as const;

const pipeIds = z.array(z.number().int().positive()).min(1).max(VIRTUAL_PIPES_BULK_MAX);

/**
 * POST …/virtual_pipes/bulk: `override` sets one attribute of every named pipe to `value` (the PATCH assets
 * rules); `restore` removes that attribute's override so the imputed (or provided) value returns.
 */
export const virtualPipeBulkSchema = z.union([
  ...VIRTUAL_ATTRIBUTES.map((attribute) =>
    z
      .object({
        action: z.literal('override'),
        attribute: z.literal(attribute),
        value: VIRTUAL_VALUE_RULES[attribute],
        pipe_ids: pipeIds,
      })
      .strict(),
  ),
  z
    .object({ action: z.literal('restore'), attribute: z.enum(VIRTUAL_ATTRIBUTES), pipe_ids: pipeIds })
    .strict(),
]);
export type VirtualPipeBulk = z.infer<typeof virtualPipeBulkSchema>;

export const virtualPipeBulkResultSchema = z.object({
  updated: z.number().int(),
  /** Pipes whose value actually changed (a restore of a value never overridden changes nothing); 0: no analysis. */
  changed: z.number().int(),
  /** True: one re-analysis of the dataset was queued for the whole batch. */
  analysis_queued: z.boolean(),
});
export type VirtualPipeBulkResult = z.infer<typeof virtualPipeBulkResultSchema>;

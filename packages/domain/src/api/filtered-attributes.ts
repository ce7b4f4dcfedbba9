// GET /api/filtered_attributes/{datasetId} (spec 001 §7, CHECKLIST IO-EXP-05; the spec names the call only): what a
// filter or an export can select by on this dataset, with what the data holds. Numbers in SI (the web converts),
// categories with their pipes and length, the source columns kept from the import, and how many pipes leave each
// attribute unknown, so a filter or export dialog offers what exists and says what is missing.
import { z } from 'zod';

export const numericAttributeSchema = z.object({
  key: z.enum(['diameter_mm', 'install_year', 'length_m', 'break_count']),
  kind: z.literal('number'),
  min: z.number().nullable(),
  max: z.number().nullable(),
  unknown: z.number().int(),
});

export const categoryAttributeSchema = z.object({
  key: z.enum(['material_type_code', 'road_type', 'pressure_zone']),
  kind: z.literal('category'),
  values: z.array(
    z.object({ value: z.union([z.number(), z.string()]), pipes: z.number().int(), length_m: z.number() }),
  ),
  unknown: z.number().int(),
});

export const filteredAttributesSchema = z.object({
  dataset_id: z.number().int(),
  pipes: z.number().int(),
  length_m: z.number(),
  attributes: z.array(z.union([numericAttributeSchema, categoryAttributeSchema])),
  /** Columns kept from the source file (pipes.attrs), with the pipes that carry a value. */
  source_columns: z.array(z.object({ name: z.string(), pipes: z.number().int() })),
});
export type FilteredAttributes = z.infer<typeof filteredAttributesSchema>;

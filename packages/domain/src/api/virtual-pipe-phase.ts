// The virtual-pipe phase of a dataset (spec 001 §4: INIT 0, FINALIZED 1, MERGED 2) and its calls (§7
// sampling_test, verified_pipes, merge): drawing the sampling test finalizes the imputation for field
// verification, field crews record the true values, and the merge makes verified and overridden values the
// provided ones. docs/api-virtual-pipes.md is the prose contract.
import { z } from 'zod';
import { VIRTUAL_ATTRIBUTES, VIRTUAL_PIPES_BULK_MAX, VIRTUAL_VALUE_RULES } from './virtual-pipes.ts';

export const SAMPLING_TEST_MAX = 500;

/** POST …/virtual_pipes/sampling_test: `seed` makes the draw reproducible (a random one when left out). */
export const samplingTestBodySchema = z
  .object({
    size: z.number().int().min(1).max(SAMPLING_TEST_MAX),
    seed: z.number().int().min(0).max(0xffffffff).optional(),
  })
  .strict();
export type SamplingTestBody = z.infer<typeof samplingTestBodySchema>;

/** Imputation accuracy of one attribute on the verified pipes where it was imputed (95 % Wilson interval). */
export const attributeAccuracySchema = z.object({
  verified: z.number().int(),
  correct: z.number().int(),
  accuracy: z.number().nullable(),
  ci_low: z.number().nullable(),
  ci_high: z.number().nullable(),
});
export type AttributeAccuracy = z.infer<typeof attributeAccuracySchema>;

export const samplingTestSchema = z.object({
  phase: z.number().int(),
  sample: z
    .object({
      seed: z.number().int(),
      size: z.number().int(),
      drawn_at: z.string(),
      pipe_ids: z.array(z.number().int()),
      /** Pipes drawn per stratum (the combination of imputed attributes, e.g. "diameter+install_year"). */
      strata: z.record(z.string(), z.number().int()),
      /** Sampled pipes with at least one verified attribute. */
      verified: z.number().int(),
      /** Sampled pipes with no value recorded in the field: the merge refuses while any is left (issue 38). */
      unverified: z.number().int(),
    })
    .nullable(),
  /** What a merge would write now: per attribute, the overridden or verified values that become provided. */
  merge_preview: z.object({
    pipes: z.number().int(),
    diameter: z.number().int(),
    install_year: z.number().int(),
    material_type_code: z.number().int(),
  }),
  /** An administrator merged with unverified sampled pipes: who, when, how many and why (issue 38). */
  merge_override: z
    .object({
      user_id: z.number().int(),
      user_email: z.string(),
      at: z.string(),
      unverified: z.number().int(),
      sample_size: z.number().int(),
      reason: z.string(),
    })
    .nullable(),
  accuracy: z.object({
    diameter: attributeAccuracySchema,
    install_year: attributeAccuracySchema,
    material_type_code: attributeAccuracySchema,
  }),
});
export type SamplingTest = z.infer<typeof samplingTestSchema>;

/**
 * One true value found in the field: corrected (`value`), or the value in use confirmed (no `value`: the server
 * records the displayed value, and refuses an attribute that has none).
 */
export const verificationSchema = z.union([
  ...VIRTUAL_ATTRIBUTES.map((attribute) =>
    z
      .object({
        pipe_id: z.number().int().positive(),
        attribute: z.literal(attribute),
        value: VIRTUAL_VALUE_RULES[attribute],
      })
      .strict(),
  ),
  z.object({ pipe_id: z.number().int().positive(), attribute: z.enum(VIRTUAL_ATTRIBUTES) }).strict(),
]);

export const verifiedPipesBodySchema = z
  .object({ verifications: z.array(verificationSchema).min(1).max(VIRTUAL_PIPES_BULK_MAX) })
  .strict();
export type VerifiedPipesBody = z.infer<typeof verifiedPipesBodySchema>;

export const verifiedPipeSchema = z.object({
  pipe_id: z.number().int(),
  attribute: z.enum(VIRTUAL_ATTRIBUTES),
  /** The true value found in the field. */
  value: z.number(),
  /** The model's value when the pipe was verified (null: it had none), and the attribute's status then. */
  imputed: z.number().nullable(),
  status: z.number().int(),
  /** The field value is the one that was in use (confirmed), not a correction. */
  confirmed: z.boolean(),
  verified_at: z.string(),
});
export type VerifiedPipe = z.infer<typeof verifiedPipeSchema>;
export const verifiedPipesSchema = z.object({ verified_pipes: z.array(verifiedPipeSchema) });
export type VerifiedPipes = z.infer<typeof verifiedPipesSchema>;

export const MERGE_REASON_MAX = 500;

/**
 * POST …/virtual_pipes/merge: no body while the whole sample is verified; otherwise an administrator's `override`
 * with the reason, recorded with who, when and how many sampled pipes were not verified (issue 38).
 */
export const mergeBodySchema = z
  .object({
    override: z
      .object({ reason: z.string().trim().min(3, { message: 'validations.required' }).max(MERGE_REASON_MAX) })
      .strict()
      .optional(),
  })
  .strict()
  // No body at all (the ordinary merge) reaches the validator as null.
  .nullish();
export type MergeBody = z.infer<typeof mergeBodySchema>;

export const mergeResultSchema = z.object({
  phase: z.number().int(),
  /** Pipes whose verified or overridden values became provided ones. */
  merged: z.number().int(),
  analysis_queued: z.boolean(),
  /** Sampled pipes merged unverified under an administrator's override (0 without one). */
  unverified: z.number().int(),
});
export type MergeResult = z.infer<typeof mergeResultSchema>;

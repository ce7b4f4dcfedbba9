// Sign-in codes by e-mail (issue 17, spec 001 §7 send_2fa and check_identity; docs/api-accounts.md "Two-step
// sign-in"). A login of a user who must give a code answers with a challenge instead of tokens.
import { z } from 'zod';

/** The code's length, lifetime and tries: what banks and utilities' portals use for e-mailed codes. */
export const TWO_FACTOR = {
  codeLength: 6,
  lifetimeSeconds: 10 * 60,
  maxAttempts: 5,
  /** Between two mails of one challenge, and how many one challenge may send. */
  resendAfterSeconds: 30,
  maxSends: 5,
} as const;

export const twoFactorChallengeSchema = z.object({
  /** Opaque: sent back with the code. */
  challenge: z.string(),
  two_factor_required: z.literal(true),
  /** The address the code went to, partly hidden (j•••@example.com). */
  sent_to: z.string(),
  expires_at: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

export const sendTwoFactorRequestSchema = z.object({ challenge: z.string().min(1).max(200) });
export type SendTwoFactorRequest = z.infer<typeof sendTwoFactorRequestSchema>;

export const checkIdentityRequestSchema = z.object({
  challenge: z.string().min(1).max(200),
  code: z
    .string({ message: 'validations.required' })
    .trim()
    .refine((v) => /^\d{6}$/.test(v), { message: 'validations.digits', params: { n: 6 } }),
});
export type CheckIdentityRequest = z.infer<typeof checkIdentityRequestSchema>;

/** The signed-in user's own setting, and whether their client requires codes of everyone anyway. */
export const twoFactorSettingSchema = z.object({ enabled: z.boolean(), required_by_client: z.boolean() });
export type TwoFactorSetting = z.infer<typeof twoFactorSettingSchema>;
/**
 * Turning it off asks for the password and a code mailed for it (issue 37): sent without `code`, the answer is a
 * challenge (202); sent again with `challenge` and `code`, the setting changes. Turning it on needs neither.
 */
export const twoFactorSettingPatchSchema = z
  .object({
    enabled: z.boolean(),
    password: z.string().max(200).optional(),
    challenge: z.string().max(200).optional(),
    code: z.string().trim().max(20).optional(),
  })
  .strict();
export type TwoFactorSettingPatch = z.infer<typeof twoFactorSettingPatchSchema>;

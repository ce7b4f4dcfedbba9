// The Client of spec 000 §3 / 001 §3, as returned by the accounts API.
import { z } from 'zod';
import { subscriptionSchema } from './user.ts';

export const clientDetailsSchema = z.object({
  image: z.string().nullable(),
  locale: z.string(),
  contact_number: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  country: z.string(),
  grid: z.boolean(),
});
export type ClientDetails = z.infer<typeof clientDetailsSchema>;

export const clientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** ISO time; null = no expiry. */
  authorization_expiry: z.string().nullable(),
  client_status_type_code: z.number().int().min(1).max(4),
  is_active: z.boolean(),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  subscriptions: z.array(subscriptionSchema),
  is_paying: z.boolean(),
  /** With is_paying, gives plan_tier: paying and auth_code ≥ 2 → PAID_PRO. */
  auth_code: z.number().int().nullable(),
  /** PLAN_TIER: 1 UNPAID, 2 PAID_BASE, 3 PAID_PRO (derived from auth_code and is_paying). */
  plan_tier: z.number().int().min(1).max(3),
  subscription_exempt: z.boolean(),
  details: clientDetailsSchema,
});
export type Client = z.infer<typeof clientSchema>;

export const clientListResponseSchema = z.object({ client_entities: z.array(clientSchema) });
export type ClientListResponse = z.infer<typeof clientListResponseSchema>;

export const setClientRequestSchema = z.object({
  client_entity: z
    .number({ message: 'validations.integer' })
    .int({ message: 'validations.integer' })
    .positive(),
});
export type SetClientRequest = z.infer<typeof setClientRequestSchema>;

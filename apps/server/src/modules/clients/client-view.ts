import { CLIENT_STATUS, planTier } from '@pipewise/domain';
import type { Client, PlanTier } from '@pipewise/domain';
import type { ClientRow, OrganisationRow } from '../../db/schema.ts';
import { subscriptionsOf } from '../users/user-view.ts';

/** Spec 000 §6: the plan tier is derived from authCode and isPaying (the domain's reading, shared with web). */
export const planTierOf = (client: Pick<ClientRow, 'isPaying' | 'authCode'>): PlanTier =>
  planTier(client.authCode, client.isPaying);

/** docs/api-accounts.md: users of an inactive, suspended or terminated client cannot log in. */
export function clientAllowsLogin(client: ClientRow): boolean {
  const status = client.clientStatusTypeCode;
  return client.isActive && status !== CLIENT_STATUS.SUSPENDED && status !== CLIENT_STATUS.TERMINATED;
}

export function toApiClient(client: ClientRow, organisation: OrganisationRow): Client {
  return {
    id: client.id,
    name: client.name,
    authorization_expiry: client.authorizationExpiry ? client.authorizationExpiry.toISOString() : null,
    client_status_type_code: client.clientStatusTypeCode,
    is_active: client.isActive,
    organization: { id: organisation.id, name: organisation.name },
    subscriptions: subscriptionsOf(client),
    is_paying: client.isPaying,
    auth_code: client.authCode,
    plan_tier: planTierOf(client),
    subscription_exempt: client.subscriptionExempt,
    details: {
      image: client.image,
      locale: client.locale,
      contact_number: client.contactNumber,
      street: client.street,
      city: client.city,
      state: client.state,
      zip_code: client.zipCode,
      country: client.country,
      grid: client.grid,
    },
  };
}

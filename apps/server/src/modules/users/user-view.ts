// Row → API User (spec 000 §3). The response schema strips anything not listed there.
import { isLanguage, SUBSCRIPTIONS } from '@pipewise/domain';
import type { Language, Subscription, UnitChoice, Units, User } from '@pipewise/domain';
import type { ClientRow, UserRow } from '../../db/schema.ts';

const IMPERIAL: UnitChoice = { segment: 'ft', diameter: 'in', segment_large: 'mi' };
const METRIC: UnitChoice = { segment: 'm', diameter: 'mm', segment_large: 'km' };
const CURRENCY_BY_COUNTRY: Record<string, string> = {
  US: 'USD',
  JP: 'JPY',
  DE: 'EUR',
  IT: 'EUR',
  FR: 'EUR',
  ES: 'EUR',
};

/** Only the US works in imperial units among the supported countries. */
export const defaultUnitsFor = (country: string): UnitChoice => (country === 'US' ? IMPERIAL : METRIC);

export function unitsOf(user: UserRow, client: ClientRow): Units {
  const fallback = defaultUnitsFor(client.country);
  return {
    language: languageOf(user),
    default: fallback,
    user: user.units ?? fallback,
    currency_code: CURRENCY_BY_COUNTRY[client.country] ?? 'USD',
  };
}

export const languageOf = (user: Pick<UserRow, 'language'>): Language =>
  isLanguage(user.language) ? user.language : 'en';

export const subscriptionsOf = (client: ClientRow): Subscription[] =>
  SUBSCRIPTIONS.filter((s) => client.subscriptions.includes(s));

/**
 * What the user may use: a client on the exception list (spec 000 §6, SUB-15) is not gated, so its
 * users get every subscription, and every gate in the web keeps reading one list.
 */
export const effectiveSubscriptionsOf = (client: ClientRow): Subscription[] =>
  client.subscriptionExempt ? [...SUBSCRIPTIONS] : subscriptionsOf(client);

export function toApiUser(user: UserRow, client: ClientRow, authExpiry: Date | null = null): User {
  return {
    id: user.id,
    full_name: user.fullName,
    email: user.email,
    phone: user.phone,
    zip_code: user.zipCode,
    extension: user.extension,
    mobile: user.mobile,
    time_zone: user.timeZone,
    locale: user.locale,
    language: languageOf(user),
    units: unitsOf(user, client),
    receive_emails: user.receiveEmails,
    country: user.country,
    permission_group_type_code: user.permissionGroupTypeCode,
    permission_group_type_code2: user.permissionGroupTypeCode2,
    is_staff: user.isStaff,
    is_demo: user.isDemo,
    auth_expiry: authExpiry ? authExpiry.toISOString() : null,
    client: { id: client.id, name: client.name, details: { country: client.country } },
    subscriptions: effectiveSubscriptionsOf(client),
    settings: { grid: user.settingsGrid },
  };
}

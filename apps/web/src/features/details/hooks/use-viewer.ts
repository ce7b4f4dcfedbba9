// Who is looking at the pane: language, units, currency, subscriptions, edit right and the JP client mode, read
// once from the current user (features/session) so the panels stay free of session plumbing.
import {
  can,
  currencyForLanguage,
  hasSubscription,
  hidesJapanItems,
  IMPERIAL_UNITS,
  METRIC_UNITS,
  type CurrencyCode,
  type Subscription,
  type UnitSet,
} from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, type CurrentUser } from '../../session/index.ts';

export interface Viewer {
  language: string;
  units: UnitSet;
  /** The user's currency (000 §9 default); the COF panel prefers the scenario's own. */
  currency: CurrencyCode;
  has: (subscription: Subscription) => boolean;
  /** Workers and admins edit pipes (TBD-04, docs/api-assets.md); demo accounts are read-only (403 DEMO_READ_ONLY). */
  canEdit: boolean;
  /** JP client mode (spec §6): hides the environmental damage row, except client 47. */
  hidesJapanItems: boolean;
  user: CurrentUser | undefined;
}

const CURRENCIES: readonly string[] = ['USD', 'JPY', 'EUR'];

export function viewerOf(user: CurrentUser | undefined, language: string): Viewer {
  const country = user?.client.details.country;
  const units = user?.units.user ?? (country === 'US' ? IMPERIAL_UNITS : METRIC_UNITS);
  const code = user?.units.currencyCode;
  return {
    language,
    units: { segment: units.segment, diameter: units.diameter, segmentLarge: units.segmentLarge },
    currency: code && CURRENCIES.includes(code) ? (code as CurrencyCode) : currencyForLanguage(language),
    has: (subscription) =>
      user != null &&
      hasSubscription({ subscriptions: user.subscriptions, clientId: user.client.id }, subscription),
    canEdit: user != null && can(user, 'editPipes') && !user.isDemo,
    hidesJapanItems: user != null && hidesJapanItems({ clientId: user.client.id, country }),
    user,
  };
}

export function useViewer(): Viewer {
  const { i18n } = useTranslation();
  const { data: user } = useCurrentUser();
  return viewerOf(user, i18n.language);
}

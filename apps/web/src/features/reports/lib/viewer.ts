// Who reads the reports: language, units, currency and subscriptions, from the user the route passes in (features
// do not import each other: the session feature's CurrentUser fits this shape).
import {
  currencyForLanguage,
  hasAllSubscriptions,
  type CurrencyCode,
  type Subscription,
  type UnitSet,
} from '@pipewise/domain';

export interface ReportUser {
  subscriptions: readonly Subscription[];
  timeZone: string;
  client: { id: number };
  units: {
    user: { segment: 'm' | 'ft'; diameter: 'mm' | 'in'; segmentLarge: 'km' | 'mi' };
    currencyCode: string;
  };
}

export interface ReportViewer {
  language: string;
  units: UnitSet;
  /** The user's currency; money the report carries comes in its scenario's currency, which wins. */
  currency: CurrencyCode;
  timeZone: string;
  /** Holds every listed subscription (an exempt client holds all). */
  holds: (subscriptions: readonly Subscription[]) => boolean;
}

const CURRENCIES: readonly string[] = ['USD', 'JPY', 'EUR'];

export function asCurrency(code: string | null | undefined, language: string): CurrencyCode {
  return code && CURRENCIES.includes(code) ? (code as CurrencyCode) : currencyForLanguage(language);
}

export function reportViewer(user: ReportUser, language: string): ReportViewer {
  return {
    language,
    units: { ...user.units.user },
    currency: asCurrency(user.units.currencyCode, language),
    timeZone: user.timeZone,
    holds: (subscriptions) =>
      hasAllSubscriptions({ subscriptions: user.subscriptions, clientId: user.client.id }, subscriptions),
  };
}

// Who uses the planner: language, units, currency, time zone and rights, read once from the user the route passes
// in (features do not import each other: the session feature's CurrentUser fits this shape). Write actions need
// can(user, 'planJobs') and no demo account (TBD-04/05). As a risk criterion LOF needs the LOF subscription and
// BRE the COF and BRE subscriptions (docs/api-planner.md; the BRE figures exist only with both).
import {
  can,
  currencyForLanguage,
  hasAllSubscriptions,
  type CurrencyCode,
  type Subscription,
  type UnitSet,
} from '@pipewise/domain';
import type { StatusUser } from './status-options.ts';

export interface PlannerUser extends StatusUser {
  timeZone: string;
  subscriptions: readonly Subscription[];
  client: { id: number; name?: string };
  units: {
    user: { segment: 'm' | 'ft'; diameter: 'mm' | 'in'; segmentLarge: 'km' | 'mi' };
    currencyCode: string;
  };
}

export interface PlannerViewer {
  user: PlannerUser;
  language: string;
  units: UnitSet;
  /** The user's currency, for budgets typed before a project names its own (repair_cost_unit). */
  currency: CurrencyCode;
  timeZone: string;
  /** May create, change and delete scenarios, projects and plans. */
  canPlan: boolean;
  /** Risk criteria the client subscribes (docs/api-planner.md: LOF needs LOF, BRE needs BRE and COF). */
  hasLof: boolean;
  hasBre: boolean;
}

const CURRENCIES: readonly string[] = ['USD', 'JPY', 'EUR'];

export function plannerViewer(user: PlannerUser, language: string): PlannerViewer {
  const code = user.units.currencyCode;
  const holds = (subs: Subscription[]) =>
    hasAllSubscriptions({ subscriptions: user.subscriptions, clientId: user.client.id }, subs);
  return {
    user,
    language,
    units: { ...user.units.user },
    currency: CURRENCIES.includes(code) ? (code as CurrencyCode) : currencyForLanguage(language),
    timeZone: user.timeZone,
    canPlan: can(user, 'planJobs') && !user.isDemo,
    hasLof: holds(['LOF']),
    hasBre: holds(['COF', 'BRE']),
  };
}

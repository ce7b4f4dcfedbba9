// The left drawer's items, computed from the user (SHELL-NAV-01). Pure so it is unit-tested.
// Gating: report links by subscription (spec §6: LOF and Highest need LOF, COF needs COF, Total risk
// needs BRE), the planner by JOB_PLANNER, COF scenarios by COF, Admin by isStaff. Japan clients
// do not get the items marked hideForJp, except the exception client (JP_EXCEPTION_CLIENT_ID).
import { JP_EXCEPTION_CLIENT_ID } from '@pipewise/domain';
import type { Subscription } from '@pipewise/domain';

export type NavIcon =
  | 'home'
  | 'map'
  | 'planner'
  | 'reports'
  | 'report'
  | 'data'
  | 'datasets'
  | 'exports'
  | 'virtualPipes'
  | 'scenarios'
  | 'admin';

export interface NavItem {
  id: string;
  /** Key in the `shell` namespace. */
  labelKey: string;
  icon: NavIcon;
  to?: string;
  children?: NavItem[];
}

interface NavItemDef extends NavItem {
  requires?: Subscription;
  staffOnly?: boolean;
  hideForJp?: boolean;
  children?: NavItemDef[];
}

export interface NavUser {
  subscriptions: readonly Subscription[];
  isStaff: boolean;
  client: { id: number; details: { country: string } };
}

const report = (id: string, requires?: Subscription): NavItemDef => ({
  id: `reports-${id}`,
  labelKey: `nav.reports.${id}`,
  icon: 'report',
  to: `/reports/${id}`,
  ...(requires && { requires }),
});

const NAV_TREE: NavItemDef[] = [
  { id: 'home', labelKey: 'nav.home', icon: 'home', to: '/home' },
  { id: 'map', labelKey: 'nav.map', icon: 'map', to: '/map' },
  {
    id: 'planner',
    labelKey: 'nav.planner',
    icon: 'planner',
    to: '/planner',
    requires: 'JOB_PLANNER',
    hideForJp: true,
  },
  {
    id: 'reports',
    labelKey: 'nav.reports.title',
    icon: 'reports',
    children: [
      report('asset'),
      report('lof', 'LOF'),
      report('highest', 'LOF'),
      report('cof', 'COF'),
      report('total-risk', 'BRE'),
      report('mesh'),
      report('district'),
      report('custom-zone'),
    ],
  },
  {
    id: 'data',
    labelKey: 'nav.data.title',
    icon: 'data',
    children: [
      { id: 'data-datasets', labelKey: 'nav.data.datasets', icon: 'datasets', to: '/data' },
      { id: 'data-exports', labelKey: 'nav.data.exports', icon: 'exports', to: '/data/export' },
      {
        id: 'data-virtual-pipes',
        labelKey: 'nav.data.virtualPipes',
        icon: 'virtualPipes',
        to: '/data/virtual-pipes',
      },
    ],
  },
  {
    id: 'cof-scenarios',
    labelKey: 'nav.cofScenarios',
    icon: 'scenarios',
    to: '/cof/scenarios',
    requires: 'COF',
  },
  { id: 'admin', labelKey: 'nav.admin', icon: 'admin', to: '/admin', staffOnly: true },
];

export function isJapanMode(user: NavUser): boolean {
  return user.client.details.country === 'JP' && user.client.id !== JP_EXCEPTION_CLIENT_ID;
}

function allowed(def: NavItemDef, user: NavUser, jp: boolean): boolean {
  if (def.requires && !user.subscriptions.includes(def.requires)) return false;
  if (def.staffOnly && !user.isStaff) return false;
  return !(def.hideForJp && jp);
}

function strip(def: NavItemDef, children?: NavItem[]): NavItem {
  const item: NavItem = { id: def.id, labelKey: def.labelKey, icon: def.icon };
  if (def.to) item.to = def.to;
  if (children) item.children = children;
  return item;
}

export function computeNavItems(user: NavUser): NavItem[] {
  const jp = isJapanMode(user);
  const out: NavItem[] = [];
  for (const def of NAV_TREE) {
    if (!allowed(def, user, jp)) continue;
    if (!def.children) {
      out.push(strip(def));
      continue;
    }
    const children = def.children.filter((c) => allowed(c, user, jp)).map((c) => strip(c));
    if (children.length > 0) out.push(strip(def, children));
  }
  return out;
}

/** SHELL-NAV-04: the item whose path is the longest prefix of the current path. */
export function activeItemId(items: readonly NavItem[], pathname: string): string | null {
  const flat = items.flatMap((item) => [item, ...(item.children ?? [])]);
  const matches = flat.filter(
    (item) => item.to && (pathname === item.to || pathname.startsWith(`${item.to}/`)),
  );
  matches.sort((a, b) => (b.to?.length ?? 0) - (a.to?.length ?? 0));
  return matches[0]?.id ?? null;
}

/** The group that holds an item, so the drawer can open it when the route selects that item. */
export function groupOf(items: readonly NavItem[], itemId: string | null): string | null {
  if (!itemId) return null;
  return items.find((g) => g.children?.some((c) => c.id === itemId))?.id ?? null;
}

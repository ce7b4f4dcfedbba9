// The top bar's tabs (SHELL-TOP-02) and which one the current path belongs to.
export const TOP_TABS = [
  { id: 'home', to: '/home', labelKey: 'tabs.dashboard', match: ['/home'] },
  { id: 'map', to: '/map', labelKey: 'tabs.map', match: ['/map', '/planner'] },
  { id: 'reports', to: '/reports/asset', labelKey: 'tabs.reports', match: ['/reports'] },
  { id: 'data', to: '/data', labelKey: 'tabs.datasets', match: ['/data'] },
] as const;

export type TopTabId = (typeof TOP_TABS)[number]['id'];

export function currentTab(pathname: string): TopTabId | false {
  const tab = TOP_TABS.find((t) => t.match.some((m) => pathname === m || pathname.startsWith(`${m}/`)));
  return tab?.id ?? false;
}

// Which views and layer groups a user sees (spec 000 §4 "Filter tiers shown", "Layer groups"), and the view a
// /map/{alias} url resolves to (MAP-VIEW-12).
import type { DatasetAssets } from '../api/datasets.ts';
import type { Subscription } from '../constants/index.ts';
import { VIEW_DEFINITIONS, VIEW_ORDER } from './definitions.ts';
import type { LayerGroup, ViewContext, ViewDefinition, ViewKey } from './types.ts';

/** The spec's fallback for an unknown, unsupported or unsubscribed view. */
export const FALLBACK_VIEW: ViewKey = 'installYear';

const BY_ALIAS = new Map<string, ViewDefinition>(
  VIEW_ORDER.map((key) => [VIEW_DEFINITIONS[key].alias, VIEW_DEFINITIONS[key]]),
);

export function viewByAlias(alias: string): ViewDefinition | undefined {
  return BY_ALIAS.get(alias);
}

/** The tile property of `view` on `layerGroup` with its templates filled, or null if the view is not there. */
export function propertyFor(
  view: ViewDefinition,
  layerGroup: LayerGroup,
  { lofMonths, popYear }: { lofMonths: number; popYear: number },
): string | null {
  const template = view.properties[layerGroup];
  if (template === undefined) return null;
  return template.replaceAll('{lofMonths}', String(lofMonths)).replaceAll('{popYear}', String(popYear));
}

/** Spec 000 §4: production ready, in the menu, on the layer group, property present, subscriptions held. */
export function isViewVisible(view: ViewDefinition, ctx: ViewContext): boolean {
  if (!view.productionReady || !view.menu) return false;
  const property = propertyFor(view, ctx.layerGroup, ctx);
  if (property === null) return false;
  // Unknown properties (the property call pending or failed, FILT-PANE-05): everything is shown.
  if (ctx.presentProperties !== null && !ctx.presentProperties.has(property)) return false;
  if (!view.subscriptions.every((s) => ctx.subscriptions.includes(s))) return false;
  return view.key !== 'breakCount' || ctx.hasBreaks;
}

export function visibleViews(ctx: ViewContext): ViewDefinition[] {
  return VIEW_ORDER.map((key) => VIEW_DEFINITIONS[key]).filter((view) => isViewVisible(view, ctx));
}

/**
 * Where a layer group falls back before installYear. installYear is a pipe attribute, never shown on an area group,
 * so the spec's fallback left mesh cells, districts and custom zones grey; their own view is their break rate
 * (issue 15).
 */
const GROUP_FALLBACK: Partial<Record<LayerGroup, ViewKey>> = {
  mesh: 'breakRate',
  district: 'breakRate',
  custom_zone: 'breakRate',
};

function fallbackView(ctx: ViewContext): ViewKey {
  const own = GROUP_FALLBACK[ctx.layerGroup];
  return own !== undefined && isViewVisible(VIEW_DEFINITIONS[own], ctx) ? own : FALLBACK_VIEW;
}

/**
 * The view of a /map/{alias} url. No alias: rank when visible, else the fallback. An unknown alias or a view the
 * context does not show: installYear (MAP-VIEW-12), or on an area group its break rate when shown.
 */
export function resolveView(alias: string | undefined, ctx: ViewContext): ViewKey {
  if (alias === undefined) return isViewVisible(VIEW_DEFINITIONS.rank, ctx) ? 'rank' : fallbackView(ctx);
  const view = viewByAlias(alias);
  return view && isViewVisible(view, ctx) ? view.key : fallbackView(ctx);
}

export interface LayerGroupContext {
  assets: DatasetAssets | null | undefined;
  subscriptions: readonly Subscription[];
  page: 'map' | 'planner';
  /** The dataset has served analysis results (VIS segments come from the analysis). */
  hasResults: boolean;
}

/** Map view choices (spec 000 §2): pipes always; the others when the dataset has them. */
export function availableLayerGroups({
  assets,
  subscriptions,
  page,
  hasResults,
}: LayerGroupContext): LayerGroup[] {
  const groups: LayerGroup[] = ['pipes'];
  if (!assets) return groups;
  if (subscriptions.includes('VIS') && assets.valves && page === 'map' && hasResults) groups.push('vis');
  if (assets.mesh) groups.push('mesh');
  if (assets.district) groups.push('district');
  if (assets.custom_zone) groups.push('custom_zone');
  return groups;
}

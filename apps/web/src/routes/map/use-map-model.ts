// Everything the map screen derives from the user, the dataset and the map settings: the view context (spec 000
// §4 visibility), the active view, the layer groups on offer, and the MapLibre colour and filter expressions.
// Pure derivation; the screen renders it.
import {
  DATASET_STATUS,
  VIEW_DEFINITIONS,
  availableLayerGroups,
  defaultPopulationYear,
  isViewVisible,
  populationChangeYears,
  populationYears,
  popYearFor,
  propertyFor,
  withBreakRateTiers,
  withDynamicTiers,
  type LayerGroup,
  type UnitSystem,
  type ViewContext,
  type ViewDefinition,
} from '@pipewise/domain';
import type { ExpressionSpecification } from 'maplibre-gl';
import { useMemo } from 'react';
import type { Dataset } from '../../features/datasets/index.ts';
import { useFilterStore } from '../../features/filters/index.ts';
import { useMapSettings } from '../../features/map-settings/index.ts';
import {
  useBreakRateQuantiles,
  usePopulationQuantiles,
  usePresentProperties,
} from '../../features/map-settings/api/get-tile-properties.ts';
import type { CurrentUser } from '../../features/session/index.ts';
import { colorExpression, filterExpression } from '../../map/expressions.ts';
import { useActiveView } from './use-active-view.ts';

export type MapPageKind = 'map' | 'planner';

/** The id filter of a finalised boundary (BOUND-09): only the assets inside it. */
const idsFilter = (ids: readonly number[]): ExpressionSpecification => ['in', ['id'], ['literal', [...ids]]];

export function useMapModel(
  user: CurrentUser,
  dataset: Dataset,
  page: MapPageKind,
  boundaryIds: readonly number[] | null,
  /** Has the map drawn the dataset once (use-first-draw.ts)? Until then the tile properties are not asked for. */
  mapDrawn: boolean,
) {
  const settings = useMapSettings();
  const applied = useFilterStore((s) => s.applied);
  const country = user.client.details.country;
  const propertiesOf = mapDrawn ? dataset.id : null;
  const presentProperties = usePresentProperties(propertiesOf, dataset.folder);
  const unitSystem: UnitSystem = user.units.user.diameter === 'in' ? 'imperial' : 'metric';

  const groups = useMemo(
    () =>
      availableLayerGroups({
        assets: {
          ...dataset.assets,
          purification_plants: dataset.assets.purificationPlants,
          custom_zone: dataset.assets.customZone,
          supply_areas: dataset.assets.supplyAreas,
        },
        subscriptions: user.subscriptions,
        page,
        hasResults: dataset.status === DATASET_STATUS.COMPLETE,
      }),
    [dataset.assets, dataset.status, user.subscriptions, page],
  );
  const layerGroup: LayerGroup = groups.includes(settings.layerGroup) ? settings.layerGroup : 'pipes';
  const baseYear = settings.popYear ?? defaultPopulationYear(country);

  // The population year depends on the view (population change has no base year), so the context is built in
  // two steps: first with the stored year to resolve the view, then with the year the view uses.
  const ctx0: ViewContext = useMemo(
    () => ({
      layerGroup,
      subscriptions: user.subscriptions,
      presentProperties,
      hasBreaks: dataset.assets.breaks,
      lofMonths: settings.lofMonths,
      popYear: baseYear,
    }),
    [layerGroup, user.subscriptions, presentProperties, dataset.assets.breaks, settings.lofMonths, baseYear],
  );
  const active = useActiveView(ctx0);
  const popYear = popYearFor(active.view.key, baseYear, country);
  const populationQuantiles = usePopulationQuantiles(propertiesOf, dataset.folder, popYear);
  const breakRateQuantiles = useBreakRateQuantiles(propertiesOf, dataset.folder, layerGroup);
  const ctx: ViewContext = useMemo(
    () => ({ ...ctx0, popYear, populationQuantiles, unitSystem, breakRateQuantiles }),
    [ctx0, popYear, populationQuantiles, unitSystem, breakRateQuantiles],
  );
  // MAP-TIER-09 (MAP-TIER-08 the fallback): the population view's tiers come from this dataset's own pop_{popYear}
  // values, because fixed bounds 50…600 paint a dense city or a rural network in one colour; this is the reading a
  // user expects of the ambiguous row. The breakRate view's come from this analysis' areas of the layer, per km or
  // per mile (issue 15). Colours, legend and screenshot all read this view.
  const view = useMemo(() => withBreakRateTiers(withDynamicTiers(active.view, ctx), ctx), [active.view, ctx]);
  // The menu and the filters name the break rate in the user's unit too.
  const views = useMemo(() => active.views.map((v) => withBreakRateTiers(v, ctx)), [active.views, ctx]);
  const popYears =
    active.view.key === 'populationChange' ? populationChangeYears(country) : populationYears(country);

  const property = propertyFor(view, layerGroup, { lofMonths: settings.lofMonths, popYear });
  const color = useMemo(() => (property ? colorExpression(view, property) : null), [view, property]);
  const filter = useMemo(() => {
    const withProps = active.views.flatMap((each: ViewDefinition) => {
      const p = propertyFor(each, layerGroup, { lofMonths: settings.lofMonths, popYear });
      return p ? [{ view: each, property: p }] : [];
    });
    const byFilters = filterExpression(withProps, applied);
    const byBoundary = boundaryIds ? idsFilter(boundaryIds) : null;
    if (byFilters && byBoundary) return ['all', byFilters, byBoundary] as ExpressionSpecification;
    return byFilters ?? byBoundary;
  }, [active.views, layerGroup, settings.lofMonths, popYear, applied, boundaryIds]);

  const hasPopulation = dataset.assets.population && user.subscriptions.includes('POPULATION');
  // The population overlay colours regions, whose totals are on another scale than the pipes' quantiles: static.
  const populationColor = useMemo(
    () => colorExpression(VIEW_DEFINITIONS.population, `pop_${popYear}`),
    [popYear],
  );

  return {
    settings,
    groups,
    layerGroup,
    ctx,
    unitSystem,
    country,
    popYear,
    popYears,
    view,
    views,
    selectView: active.select,
    color,
    filter,
    hasPopulation,
    populationColor,
    /** Is `view` shown for a given layer group (LAYER-06)? */
    viewShownIn: (view: ViewDefinition, group: LayerGroup) =>
      isViewVisible(view, { ...ctx, layerGroup: group }),
  };
}

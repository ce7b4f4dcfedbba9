// MapView's props: what the map shows (tiles, layer group, view colour and filter, overlays, population,
// selection, boundaries, the search pin) and what it reports (clicks, hovers, boundaries, view). All but the first four are
// optional, so a pipes-only caller still builds.
import type { LayerGroup } from '@pipewise/domain';
import type { FeatureCollection } from 'geojson';
import type { ExpressionSpecification, StyleSpecification } from 'maplibre-gl';
import type { ReactNode, Ref } from 'react';
import type { BoundaryLabels } from './draw/boundary-popup.ts';
import type { BoundaryPolygons } from './draw/geometry.ts';
import type { DrawMode } from './draw/modes.ts';
import type { FeatureProperties } from './map-events.ts';
import type { PortfolioGroup } from './planner.layers.ts';
import type { BBox, MapViewHandle } from './map-handle.ts';
import type { MapViewState } from './view.ts';

export interface MapViewProps {
  /** Where to look when the map is built or `viewKey` changes (a dataset switch); panning is the user's. */
  initialView: MapViewState;
  viewKey: string | number;
  /** A new style (theme) rebuilds the map (spec 000 §4: a theme change tears down and rebuilds it). */
  mapStyle: string | StyleSpecification;
  /** What a style URL that fails to load in the browser gives way to (the plain background; style-fallback.ts). */
  fallbackStyle?: StyleSpecification;
  /** The tile URL templates of each MVT layer, one per mirror (tiles.ts tileUrlTemplates), or null for none. */
  tiles?: (layer: string) => readonly string[] | null;
  /** @deprecated Use `tiles`; kept so callers of the pipes-only map still build. */
  pipesTiles?: string | null;
  activeGroup?: LayerGroup;
  /** The active view's colour (colorExpression), or null for the layer's default colour. */
  color?: ExpressionSpecification | null;
  /** The active group's filter (filterExpression), or null for none. */
  filter?: ExpressionSpecification | null;
  /** Enabled overlays by MVT layer name (valves, breaks, hydrants, … supply_areas). */
  overlays?: readonly string[];
  showPopulation?: boolean;
  populationColor?: ExpressionSpecification | null;
  /** A filter per overlay layer name (the critical-infrastructure facility types); absent or null = all shown. */
  overlayFilters?: Readonly<Record<string, ExpressionSpecification | null>>;
  /** The selected feature of the active group (its tile feature id), highlighted. */
  selectedId?: number | null;
  onFeatureClick?: (group: LayerGroup, id: number, properties: FeatureProperties) => void;
  onBackgroundClick?: () => void;
  /** LAYER-28: where to show the search pin [lng, lat] (marker.ts), or null for none. */
  marker?: [number, number] | null;
  /** CTRL-09: demo users are kept inside a bounding box [west, south, east, north]. */
  maxBounds?: BBox | null;
  /** LAYER-18: the hover popup text of a break or valve (i18n stays with the caller). */
  popupContent?: (layer: string, properties: FeatureProperties) => string | HTMLElement;
  drawMode?: DrawMode;
  /** Boundaries to show (restored from a saved filter, or echoed back from onBoundaryChange). */
  boundaries?: BoundaryPolygons;
  boundaryLabels?: BoundaryLabels;
  onBoundaryChange?: (polygons: BoundaryPolygons) => void;
  onBoundaryFinalize?: (polygons: BoundaryPolygons) => void;
  /** The map asks for a mode change (rectangle finished, Escape, popup buttons); the caller sets `drawMode`. */
  onDrawModeChange?: (mode: DrawMode) => void;
  /**
   * The job planner's shapes (planner.layers.ts: project areas, proposals). Applied by identity: the caller
   * memoises the collection and makes a new one when it changes.
   */
  plannerShapes?: FeatureCollection | null;
  /** Pipes (tile feature ids) drawn with a halo: a project's, a proposal's or the pipe finder's. By identity. */
  haloPipeIds?: readonly number[] | null;
  /** The portfolio's pipes, coloured by their project's status (issue 36). By identity. */
  portfolioPipes?: readonly PortfolioGroup[] | null;
  transformRequest?: (url: string) => { url: string; headers?: Record<string, string> };
  onViewChange?: (view: MapViewState) => void;
  /** The active layer's tiles have loaded and the map is idle (data-loaded turned true), each time it turns true. */
  onDataLoaded?: () => void;
  label: string;
  ref?: Ref<MapViewHandle>;
  children?: ReactNode;
}

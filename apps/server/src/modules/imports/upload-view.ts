// Parser shapes → wire shapes (snake_case).
import type { LayerInfo as WireLayer } from '@pipewise/domain';
import type { LayerInfo } from './parse/index.ts';

export const toWireLayer = (l: LayerInfo): WireLayer => ({
  name: l.name,
  geometry_type: l.geometryType,
  feature_count: l.featureCount,
  columns: [...l.columns],
  crs: l.crs,
});

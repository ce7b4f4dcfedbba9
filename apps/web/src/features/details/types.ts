// The web's camelCased view of the asset and analysis-result wire schemas (packages/domain/src/api/assets.ts,
// analysis-results.ts), plus what the map tells the pane it selected.
import type { AreaDetail, Assessment, Asset, AssetRef, VisRecord } from '@pipewise/domain';
import type { Camelize } from '../../lib/case.ts';

export type AssetDetails = Camelize<Asset>;
export type VisDetails = Camelize<VisRecord>;
export type AreaDetails = Camelize<AreaDetail>;
export type AssessmentSummary = Camelize<Assessment>;
export type AssetLink = Camelize<AssetRef>;

/** Spec 000 §4 layer groups. */
export type DetailsLayerGroup = 'pipes' | 'vis' | 'mesh' | 'district' | 'custom_zone';
export type AreaKind = 'mesh' | 'district' | 'custom_zone';

/**
 * What the map selected. `id` is the pipe id (pipes), the segment id (vis), or the area's native id
 * (mesh, district, custom_zone: the area endpoint is keyed by native id, docs/api-assets.md).
 */
export interface DetailsSelection {
  layerGroup: DetailsLayerGroup;
  id: number | string;
}

/** The three attributes a user may override (spec 000 §2 pipe edit dialog). */
export type EditableAttribute = 'installYear' | 'materialTypeCode' | 'diameter';

export function isAreaKind(group: DetailsLayerGroup): group is AreaKind {
  return group === 'mesh' || group === 'district' || group === 'custom_zone';
}

/** Spec 000 §4 layer groups: the search looks in the active one. */
export type SearchLayerGroup = 'pipes' | 'vis' | 'mesh' | 'district' | 'custom_zone';

/**
 * A found asset: a pipe id (pipes), a segment id (vis), or an area's native id (mesh, district, custom_zone),
 * the same ids the details pane takes as its selection.
 */
export interface SearchMatch {
  layerGroup: SearchLayerGroup;
  id: number | string;
  /** The feature's id in the vector tiles (the area's numeric id), when it differs from `id` or is known. */
  featureId?: number;
}

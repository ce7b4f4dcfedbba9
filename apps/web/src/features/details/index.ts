// Public surface of the details feature: the details pane beside the map (pipe, VIS, mesh, district, custom
// zone), the pipe edit dialog, the fly-to target of a selected asset, and the asset query for the map screen.
export { DetailsPane, DETAILS_PANE_WIDTH } from './components/DetailsPane.tsx';
export { useAssetTabLabels } from './hooks/use-asset-tab-labels.ts';
export type { DetailsPaneProps, DetailsTab } from './components/DetailsPane.tsx';
export { PipeEditDialog } from './components/PipeEditDialog.tsx';
export type { PipeEditDialogProps } from './components/PipeEditDialog.tsx';
export { assetFlyToZoom, geometryCenter, lineFlyTarget, zoneFlyTarget } from './fly-to.ts';
export type { FlyTarget } from './fly-to.ts';
export { useFlyTarget } from './hooks/use-fly-target.ts';
export { assetKey, assetQueryOptions, getAsset, useAsset } from './api/get-asset.ts';
export { areaKey, areaQueryOptions, getArea, AREA_NOT_FOUND } from './api/get-area.ts';
export { visKey, visQueryOptions } from './api/get-vis.ts';
export { useUpdateAsset } from './api/update-asset.ts';
export type { AssetPatchBody } from './api/update-asset.ts';
export type {
  AreaDetails,
  AreaKind,
  AssetDetails,
  DetailsLayerGroup,
  DetailsSelection,
  EditableAttribute,
  VisDetails,
} from './types.ts';
// The viewer, its formatters and the material names: shared with the virtual-pipes table (issue 17).
export { useViewer } from './hooks/use-viewer.ts';
export type { Viewer } from './hooks/use-viewer.ts';
export { useFormatters } from './hooks/use-formatters.ts';
export { MATERIAL_OPTIONS, materialName } from '../../lib/materials.ts';

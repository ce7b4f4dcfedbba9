// Public surface of the map export feature: the screenshot PDF and the 'Export assets' mail.
export { buildMapPdf, JPEG_QUALITY, PAGE, LEGEND_MAX } from './pdf.ts';
export type { MapPdfInput, PdfLegend, PdfTitleBar } from './pdf.ts';
export { ExportAssetsButton } from './components/ExportAssetsButton.tsx';
export type { AssetIds, ExportAssetsButtonProps } from './components/ExportAssetsButton.tsx';
export { exportAssetsByEmail } from './api/export-assets.ts';

// Public surface of the map export feature: the screenshot PDF and the 'Export assets' mail.
import type { jsPDF } from 'jspdf';
import type { MapPdfInput } from './pdf.ts';

export { JPEG_QUALITY, PAGE, LEGEND_MAX } from './page.ts';
export type { MapPdfInput, PdfLegend, PdfTitleBar } from './pdf.ts';
export { ExportAssetsButton } from './components/ExportAssetsButton.tsx';
export type { AssetIds, ExportAssetsButtonProps } from './components/ExportAssetsButton.tsx';
export { exportAssetsByEmail } from './api/export-assets.ts';

/**
 * The screenshot PDF. jsPDF and its compressors (~390 kB) are fetched at the first export: imported statically they
 * travelled with the shell, whose drawer shows 'Export assets', and so with the login page (issue 15).
 */
export async function buildMapPdf(input: MapPdfInput): Promise<jsPDF> {
  return (await import('./pdf.ts')).buildMapPdf(input);
}

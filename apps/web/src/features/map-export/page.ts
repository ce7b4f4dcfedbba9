// The PDF's page and legend limits, apart from pdf.ts so that what imports them does not also pull in jsPDF.
export const PAGE = { widthMm: 297, heightMm: 210 } as const;
export const JPEG_QUALITY = 0.95;
export const LEGEND_MAX = { width: 0.2, height: 0.6 } as const;

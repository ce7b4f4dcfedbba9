// Public surface of the export files feature (/data/export; docs/api-exports.md).
export { useExports, useCreateExport, downloadExport, EXPORTS_KEY } from './api/exports.ts';
export { ExportsTable, ExportsError } from './components/ExportsTable.tsx';
export { NewExportForm } from './components/NewExportForm.tsx';

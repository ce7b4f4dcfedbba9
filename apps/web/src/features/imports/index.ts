// Public surface of the imports feature: the /data area's lists, the import button and the import wizard.
export { DatasetVersionsTable } from './components/DatasetVersionsTable.tsx';
export { DeleteDatasetButton } from './components/DeleteDatasetButton.tsx';
export { ImportDataButton } from './components/ImportDataButton.tsx';
export { ImportsList } from './components/ImportsList.tsx';
export { ImportWizard } from './components/ImportWizard.tsx';
export { useDatasets } from './api/get-datasets.ts';
export { useCanImport } from './hooks/use-can-import.ts';
export { useDisplayFormat } from './hooks/use-display-format.ts';

// /data (spec 001 §2): the client's networks and their versions, the import button (and, issue 42, the link to
// the scheduled imports), and the imports list.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AnalysisButton } from '../../features/analysis/index.ts';
import {
  DatasetVersionsTable,
  DeleteDatasetButton,
  ImportDataButton,
  ImportsList,
  useCanImport,
  useDatasets,
} from '../../features/imports/index.ts';

export function DataPage() {
  const { t } = useTranslation('data');
  const datasets = useDatasets();
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const canImport = useCanImport();
  return (
    <Container maxWidth="lg" sx={{ py: 3 }} data-testid="data-page">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h4" component="h1">
          {t('title')}
        </Typography>
        <Stack direction="row" spacing={1}>
          {canImport && (
            <Button component={RouterLink} to="/data/scheduled-imports" data-testid="scheduled-imports-link">
              {t('scheduled.title')}
            </Button>
          )}
          <ImportDataButton />
        </Stack>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2, mb: 3, overflowX: 'auto' }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('datasets.title')}
        </Typography>
        {datasets.isError && <Alert severity="error">{datasets.error.message}</Alert>}
        {deleteError && (
          <Alert severity="error" onClose={() => setDeleteError(null)} data-testid="dataset-delete-error">
            {t('datasets.deleteFailed', { message: deleteError })}
          </Alert>
        )}
        {datasets.data && (
          <DatasetVersionsTable
            datasets={datasets.data}
            actions={(d) => (
              <Stack direction="row" sx={{ alignItems: 'center' }}>
                <AnalysisButton datasetId={d.id} name={`${d.snapshotGroupName} v${d.version}`} />
                <DeleteDatasetButton dataset={d} onError={setDeleteError} />
              </Stack>
            )}
          />
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, overflowX: 'auto' }}>
        <ImportsList />
      </Paper>
    </Container>
  );
}

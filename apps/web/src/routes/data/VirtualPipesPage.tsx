// /data/virtual-pipes (spec 001 §2 Virtual pipes): the virtual pipes of the current dataset.
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCurrentSnapshot } from '../../features/datasets/index.ts';
import { VirtualPipesView } from '../../features/virtual-pipes/index.ts';

export function VirtualPipesPage() {
  const { t } = useTranslation('virtualpipes');
  const snapshot = useCurrentSnapshot();
  const dataset = snapshot.data?.dataset ?? null;
  return (
    <Container maxWidth="lg" sx={{ py: 3 }} data-testid="virtual-pipes-page">
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, overflowX: 'auto' }}>
        {snapshot.isPending ? (
          <CircularProgress />
        ) : dataset ? (
          <VirtualPipesView key={dataset.id} datasetId={dataset.id} />
        ) : (
          <Alert severity="info">{t('noDataset')}</Alert>
        )}
      </Paper>
    </Container>
  );
}

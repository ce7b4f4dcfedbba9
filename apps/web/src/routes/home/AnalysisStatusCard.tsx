// The dashboard's glance at the current dataset's analysis: its status and the newest run, linking to Datasets
// where runs are started and followed.
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GlanceCard } from '../../features/reports/index.ts';
import { AnalysisStatus } from '../reports/AnalysisStatus.tsx';

interface Props {
  dataset: { id: number; name: string; status: number };
  timeZone: string;
}

export function AnalysisStatusCard({ dataset, timeZone }: Props) {
  const { t } = useTranslation('shell');
  return (
    <GlanceCard
      title={t('home.glance.status.title')}
      to="/data"
      linkText={t('home.glance.status.link')}
      testId="dashboard-status"
    >
      <Typography variant="body1" sx={{ fontWeight: 500 }}>
        {dataset.name}
      </Typography>
      <AnalysisStatus datasetId={dataset.id} status={dataset.status} timeZone={timeZone} />
    </GlanceCard>
  );
}

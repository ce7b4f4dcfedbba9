// /reports/{type} (spec §2): the current user and dataset, handed to the report feature with the analysis status
// it shows while the dataset's results are not ready.
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useParams } from 'react-router';
import { useCurrentSnapshot } from '../../features/datasets/index.ts';
import { isReportType, ReportView } from '../../features/reports/index.ts';
import { useCurrentUser } from '../../features/session/index.ts';
import { AnalysisStatus } from './AnalysisStatus.tsx';

export function ReportPage() {
  const { report } = useParams();
  const type = isReportType(report) ? report : 'asset';
  const { data: user } = useCurrentUser();
  const snapshot = useCurrentSnapshot();
  if (!user || snapshot.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress />
      </Box>
    );
  }
  // A failed snapshot call is the no-data case (SHELL-ROUTE-06), as for the map.
  const dataset = snapshot.data?.dataset ?? null;
  return (
    <ReportView
      key={type}
      type={type}
      user={user}
      dataset={dataset && { id: dataset.id, name: dataset.name }}
      analysisStatus={
        dataset && <AnalysisStatus datasetId={dataset.id} status={dataset.status} timeZone={user.timeZone} />
      }
    />
  );
}

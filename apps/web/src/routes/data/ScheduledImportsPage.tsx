// /data/scheduled-imports (issue 42): the definitions that re-import a network from the GIS of record, and their
// runs. The mails of held and failed runs link here.
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import { ScheduledImportsSection } from '../../features/scheduled-imports/index.ts';

export function ScheduledImportsPage() {
  return (
    <Container maxWidth="lg" sx={{ py: 3 }} data-testid="scheduled-imports-page">
      <Paper variant="outlined" sx={{ p: 2, overflowX: 'auto' }}>
        <ScheduledImportsSection />
      </Paper>
    </Container>
  );
}

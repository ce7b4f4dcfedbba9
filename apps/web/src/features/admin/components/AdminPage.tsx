// /admin: what platform staff (isStaff) need on a fresh install — the client organisations with the
// switch of their own client (spec 000 §6), and the mail outbox when no SMTP server is configured.
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../session/index.ts';
import { useAdminClients } from '../api/get-admin-clients.ts';
import { useOutbox } from '../api/get-outbox.ts';
import { useSetClient } from '../api/set-client.ts';
import { ClientsTable } from './ClientsTable.tsx';
import { FeedbackList } from './FeedbackList.tsx';
import { OrganisationsPanel } from './OrganisationsPanel.tsx';
import { OutboxList } from './OutboxList.tsx';

export function AdminPage() {
  const { t } = useTranslation('admin');
  const { data: user } = useCurrentUser();
  const staff = user?.isStaff === true;
  const clients = useAdminClients(staff);
  const outbox = useOutbox(staff);
  const switchClient = useSetClient(user?.id);

  if (user && !staff) {
    return (
      <Container sx={{ py: 4 }}>
        <Alert severity="info" data-testid="admin-staff-only">
          {t('staffOnly')}
        </Alert>
      </Container>
    );
  }
  return (
    <Container maxWidth="lg" sx={{ py: 4 }} data-testid="admin-page">
      <Typography variant="h4" component="h1" gutterBottom>
        {t('title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, mb: 3 }}>
        <Typography variant="h6" component="h2">
          {t('clients.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('clients.description')}
        </Typography>
        <ClientsTable
          clients={clients.data ?? []}
          currentClientId={user?.client.id}
          switching={switchClient.isPending}
          onSwitch={(id) => switchClient.mutate(id)}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: 3, mb: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('organisations.title')}
        </Typography>
        <OrganisationsPanel
          currentClientId={user?.client.id}
          switching={switchClient.isPending}
          onSwitch={(id) => switchClient.mutate(id)}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: 3, mb: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('feedback.listTitle')}
        </Typography>
        <FeedbackList enabled={staff} />
      </Paper>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2">
          {t('outbox.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('outbox.description')}
        </Typography>
        <OutboxList mails={outbox.data ?? []} />
      </Paper>
    </Container>
  );
}

// /admin/workflow (issue 17, ADM-01/02): client management. Staff pick a client (or start a new one), change it and
// its users; a client administrator manages the users of their own client; everyone else is told it is not theirs.
import { hasRole, PERMISSION_GROUP, TOKEN_SCOPES } from '@pipewise/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiTokensSection } from '../../account/index.ts';
import { useCurrentUser } from '../../session/index.ts';
import { useAdminClients } from '../api/get-admin-clients.ts';
import { useSaveClient } from '../api/manage-clients.ts';
import { AuditLog } from './AuditLog.tsx';
import { ClientDetailsForm } from './ClientDetailsForm.tsx';
import { ClientForm } from './ClientForm.tsx';
import { ClientUsers } from './ClientUsers.tsx';

/** 'new' = the form for a new client; a number = that client. */
type Selection = number | 'new' | undefined;

/** Staff edit the details (clientinfoentity) of the client they work in, the one they switched to. */
function StaffWorkflow({ currentClientId }: { currentClientId: number }) {
  const { t } = useTranslation('admin');
  const clients = useAdminClients(true);
  const save = useSaveClient();
  const [selected, setSelected] = useState<Selection>(undefined);
  const client = typeof selected === 'number' ? clients.data?.find((c) => c.id === selected) : undefined;

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Paper variant="outlined" sx={{ minWidth: 260, p: 1 }}>
        <Button
          fullWidth
          variant="outlined"
          onClick={() => setSelected('new')}
          data-testid="admin-new-client"
        >
          {t('workflow.client.new')}
        </Button>
        <List dense data-testid="admin-workflow-clients">
          {(clients.data ?? []).map((c) => (
            <ListItemButton key={c.id} selected={c.id === selected} onClick={() => setSelected(c.id)}>
              <ListItemText primary={c.name} secondary={t(`clients.statusCode.${c.clientStatusTypeCode}`)} />
            </ListItemButton>
          ))}
        </List>
      </Paper>
      <Stack spacing={3} sx={{ flex: 1, width: '100%' }}>
        {selected === undefined && <Typography color="text.secondary">{t('workflow.pick')}</Typography>}
        {selected !== undefined && (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {client ? client.name : t('workflow.client.new')}
            </Typography>
            <ClientForm
              key={selected}
              client={client}
              saving={save.isPending}
              failed={save.isError}
              onSubmit={(body) =>
                save.mutate({ id: client?.id, body }, { onSuccess: (saved) => setSelected(saved.id) })
              }
            />
          </Paper>
        )}
        {client && (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <ClientUsers key={client.id} clientId={client.id} />
          </Paper>
        )}
        {client?.id === currentClientId && (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <ClientDetailsForm />
          </Paper>
        )}
        {/* Issue 42: the API tokens act in the client staff work in, so they are managed there only. */}
        {client?.id === currentClientId && <ApiTokensSection scope="client" grantable={TOKEN_SCOPES} />}
        {client && (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <AuditLog key={client.id} clientId={client.id} />
          </Paper>
        )}
      </Stack>
    </Stack>
  );
}

export function AdminWorkflow() {
  const { t } = useTranslation('admin');
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const clientAdmin = hasRole(user.permissionGroupTypeCode, PERMISSION_GROUP.ADMINISTRATOR);
  return (
    <Container maxWidth="lg" sx={{ py: 4 }} data-testid="admin-workflow">
      <Typography variant="h4" component="h1" gutterBottom>
        {t('workflow.title')}
      </Typography>
      {user.isStaff ? (
        <StaffWorkflow currentClientId={user.client.id} />
      ) : clientAdmin ? (
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: 3 }}>
            <ClientDetailsForm />
          </Paper>
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {user.client.name}
            </Typography>
            <ClientUsers clientId={user.client.id} />
          </Paper>
          {/* Issue 42: every token of the client, and service-account tokens (their role follows their scopes). */}
          <ApiTokensSection scope="client" grantable={TOKEN_SCOPES} />
          <Paper variant="outlined" sx={{ p: 3 }}>
            <AuditLog clientId={user.client.id} />
          </Paper>
        </Stack>
      ) : (
        <Alert severity="info" data-testid="admin-workflow-denied">
          {t('workflow.adminsOnly')}
        </Alert>
      )}
    </Container>
  );
}

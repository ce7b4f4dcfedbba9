// Sign-ups that wait for an administrator's decision (issue 37): a registration code alone no longer opens a
// utility's network. Shown above the client's users, each with its date, approve and reject; nothing when none wait.
import { TOAST_MS } from '@pipewise/domain';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/index.ts';
import { useDecideRegistration, type AdminUser } from '../api/client-users.ts';

export function PendingRegistrations({ clientId, users }: { clientId: number; users: AdminUser[] }) {
  const { t, i18n } = useTranslation('admin');
  const { show } = useToast();
  const decide = useDecideRegistration(clientId);
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  if (users.length === 0) return null;

  const act = (user: AdminUser, approve: boolean) =>
    decide.mutate(
      { id: user.id, approve },
      {
        onSuccess: () =>
          show({
            text: t(approve ? 'workflow.pending.approved' : 'workflow.pending.rejected', {
              name: user.fullName,
              email: user.email,
            }),
            color: 'success',
            timer: TOAST_MS.normal,
          }),
        onError: () => show({ text: t('workflow.saveFailed'), color: 'error', timer: TOAST_MS.long }),
      },
    );

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, borderColor: 'warning.main' }} data-testid="admin-pending">
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
        {t('workflow.pending.title', { count: users.length })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('workflow.pending.help')}
      </Typography>
      {users.map((user) => (
        <Stack
          key={user.id}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' }, py: 0.5 }}
          data-testid={`admin-pending-${user.id}`}
        >
          <Typography sx={{ flex: 1 }}>
            {user.fullName} · {user.email}
            <Typography component="span" variant="body2" color="text.secondary">
              {' · '}
              {t('workflow.pending.since', { date: day.format(new Date(user.registeredAt)) })}
            </Typography>
          </Typography>
          <Button
            size="small"
            variant="contained"
            disabled={decide.isPending}
            onClick={() => act(user, true)}
            aria-label={`${t('workflow.pending.approve')}: ${user.fullName}`}
          >
            {t('workflow.pending.approve')}
          </Button>
          <Button
            size="small"
            color="error"
            disabled={decide.isPending}
            onClick={() => act(user, false)}
            aria-label={`${t('workflow.pending.reject')}: ${user.fullName}`}
          >
            {t('workflow.pending.reject')}
          </Button>
        </Stack>
      ))}
    </Paper>
  );
}

// The users of one client with their role and inspector flag, and the form that invites a new one (issue 17).
// Used by staff for any client and by a client administrator for their own.
import { PERMISSION_GROUP } from '@pipewise/domain';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useClientUsers, useInviteUser, useUpdateUser } from '../api/client-users.ts';
import { InviteUserForm } from './InviteUserForm.tsx';

export function ClientUsers({ clientId }: { clientId: number }) {
  const { t } = useTranslation('admin');
  const users = useClientUsers(clientId);
  const invite = useInviteUser(clientId);
  const update = useUpdateUser(clientId);
  return (
    <div data-testid="admin-client-users">
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('workflow.users.title')}
      </Typography>
      {users.isError && <Alert severity="error">{t('workflow.loadFailed')}</Alert>}
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('workflow.users.name')}</TableCell>
            <TableCell>{t('workflow.users.email')}</TableCell>
            <TableCell>{t('workflow.users.role')}</TableCell>
            <TableCell>{t('workflow.users.inspector')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(users.data ?? []).map((user) => {
            const inspector = user.permissionGroupTypeCode2.includes(PERMISSION_GROUP.INSPECTOR);
            return (
              <TableRow key={user.id} data-testid={`admin-user-${user.id}`}>
                <TableCell>
                  {user.fullName}
                  {user.isStaff && <Chip size="small" label={t('workflow.users.staff')} sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell>{user.email}</TableCell>
                <TableCell>{t(`workflow.role.${user.permissionGroupTypeCode}`)}</TableCell>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={inspector}
                    disabled={update.isPending}
                    slotProps={{
                      input: { 'aria-label': `${t('workflow.users.inspector')}: ${user.fullName}` },
                    }}
                    onChange={(e) => update.mutate({ id: user.id, body: { isInspector: e.target.checked } })}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {update.isError && <Alert severity="error">{t('workflow.saveFailed')}</Alert>}
      <InviteUserForm
        key={invite.isSuccess ? invite.data?.id : 'new'}
        saving={invite.isPending}
        error={invite.error}
        sentTo={invite.isSuccess ? invite.data?.email : undefined}
        onSubmit={(body) => invite.mutate(body)}
      />
    </div>
  );
}

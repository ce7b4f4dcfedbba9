// The users of one client with their role, inspector, staff, two-step sign-in and active flags, and the form that
// invites a new one (issue 17), under the sign-ups that wait for approval (issue 37). Used by staff for any client
// and by a client administrator for their own; the server enforces the same matrix (only staff touch staff rights;
// nobody changes their own role or access).
import { PERMISSION_GROUP, TOAST_MS } from '@pipewise/domain';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/index.ts';
import { useCurrentUser } from '../../session/index.ts';
import { useClientUsers, useInviteUser, useUpdateUser, type UserChange } from '../api/client-users.ts';
import { InviteUserForm } from './InviteUserForm.tsx';
import { PendingRegistrations } from './PendingRegistrations.tsx';

const ROLES = [PERMISSION_GROUP.ADMINISTRATOR, PERMISSION_GROUP.WORKER, PERMISSION_GROUP.VIEWER] as const;

export function ClientUsers({ clientId }: { clientId: number }) {
  const { t } = useTranslation('admin');
  const { show } = useToast();
  const { data: me } = useCurrentUser();
  const users = useClientUsers(clientId);
  const invite = useInviteUser(clientId);
  const update = useUpdateUser(clientId);
  const staff = me?.isStaff === true;

  const change = (id: number, body: UserChange) =>
    update.mutate(
      { id, body },
      {
        onSuccess: () => show({ text: t('workflow.saved'), color: 'success', timer: TOAST_MS.normal }),
        onError: () => show({ text: t('workflow.saveFailed'), color: 'error', timer: TOAST_MS.long }),
      },
    );

  return (
    <div data-testid="admin-client-users">
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('workflow.users.title')}
      </Typography>
      {users.isError && <Alert severity="error">{t('workflow.loadFailed')}</Alert>}
      <PendingRegistrations
        clientId={clientId}
        users={(users.data ?? []).filter((u) => u.awaitingApproval)}
      />
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('workflow.users.name')}</TableCell>
            <TableCell>{t('workflow.users.email')}</TableCell>
            <TableCell>{t('workflow.users.role')}</TableCell>
            <TableCell>{t('workflow.users.inspector')}</TableCell>
            <TableCell>{t('workflow.users.staff')}</TableCell>
            <TableCell>{t('workflow.users.twoFactor')}</TableCell>
            <TableCell>{t('workflow.users.active')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(users.data ?? [])
            .filter((u) => !u.awaitingApproval)
            .map((saved) => {
              // While a change is on its way the row shows it, so a switch moves when clicked, not after the refetch.
              const sent = update.isPending && update.variables.id === saved.id ? update.variables.body : {};
              const user = {
                ...saved,
                isStaff: sent.isStaff ?? saved.isStaff,
                isActive: sent.isActive ?? saved.isActive,
                twoFactorEnabled: sent.twoFactorEnabled ?? saved.twoFactorEnabled,
              };
              const inspector =
                sent.isInspector ?? user.permissionGroupTypeCode2.includes(PERMISSION_GROUP.INSPECTOR);
              const self = user.id === me?.id;
              // A client administrator cannot change a staff account at all (server: 403).
              const locked = update.isPending || (user.isStaff && !staff);
              const label = (key: string) => ({ input: { 'aria-label': `${t(key)}: ${user.fullName}` } });
              return (
                <TableRow key={user.id} data-testid={`admin-user-${user.id}`}>
                  <TableCell>{user.fullName}</TableCell>
                  <TableCell>{user.email}</TableCell>
                  <TableCell>
                    {ROLES.some((r) => r === user.permissionGroupTypeCode) ? (
                      <TextField
                        select
                        size="small"
                        variant="standard"
                        value={user.permissionGroupTypeCode}
                        disabled={locked || self}
                        onChange={(e) =>
                          change(user.id, { permissionGroupTypeCode: Number(e.target.value) as 1 | 2 | 3 })
                        }
                        slotProps={{
                          htmlInput: { 'aria-label': `${t('workflow.users.role')}: ${user.fullName}` },
                        }}
                      >
                        {ROLES.map((r) => (
                          <MenuItem key={r} value={r}>
                            {t(`workflow.role.${r}`)}
                          </MenuItem>
                        ))}
                      </TextField>
                    ) : (
                      t(`workflow.role.${user.permissionGroupTypeCode}`)
                    )}
                  </TableCell>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={inspector}
                      disabled={locked}
                      slotProps={label('workflow.users.inspector')}
                      onChange={(e) => change(user.id, { isInspector: e.target.checked })}
                    />
                  </TableCell>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={user.isStaff}
                      disabled={!staff || self || update.isPending}
                      slotProps={label('workflow.users.staff')}
                      onChange={(e) => change(user.id, { isStaff: e.target.checked })}
                    />
                  </TableCell>
                  <TableCell>
                    <Switch
                      checked={user.twoFactorEnabled}
                      disabled={locked}
                      slotProps={label('workflow.users.twoFactor')}
                      onChange={(e) => change(user.id, { twoFactorEnabled: e.target.checked })}
                    />
                  </TableCell>
                  <TableCell>
                    <Switch
                      checked={user.isActive}
                      disabled={locked || self}
                      slotProps={label('workflow.users.active')}
                      onChange={(e) => change(user.id, { isActive: e.target.checked })}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
        </TableBody>
      </Table>
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

// Invite a new user to a client (issue 17): the server creates the account and mails a link to choose a password.
import { PERMISSION_GROUP } from '@pipewise/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import type { UserInvite } from '../api/client-users.ts';

const ROLES = [PERMISSION_GROUP.ADMINISTRATOR, PERMISSION_GROUP.WORKER, PERMISSION_GROUP.VIEWER] as const;

interface Props {
  saving: boolean;
  error: Error | null;
  /** The address the last invitation went to. */
  sentTo: string | undefined;
  onSubmit: (body: UserInvite) => void;
}

export function InviteUserForm({ saving, error, sentTo, onSubmit }: Props) {
  const { t } = useTranslation('admin');
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<(typeof ROLES)[number]>(PERMISSION_GROUP.VIEWER);
  const [inspector, setInspector] = useState(false);
  const [extension, setExtension] = useState('');
  const [mobile, setMobile] = useState('');
  const incomplete = fullName.trim() === '' || !email.includes('@');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (incomplete) return;
    onSubmit({
      fullName: fullName.trim(),
      email: email.trim(),
      permissionGroupTypeCode: role,
      isInspector: inspector,
      extension: extension.trim() || null,
      mobile: mobile.trim() || null,
    });
  };

  const taken = error instanceof ApiError && error.code === 'EMAIL_TAKEN';
  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={submit}
      noValidate
      sx={{ mt: 3 }}
      data-testid="admin-invite-form"
    >
      <Typography variant="subtitle1" component="h4">
        {t('workflow.invite.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          label={t('workflow.users.name')}
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          required
        />
        <TextField
          type="email"
          label={t('workflow.users.email')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <TextField
          select
          label={t('workflow.users.role')}
          value={role}
          onChange={(e) => setRole(Number(e.target.value) as (typeof ROLES)[number])}
          sx={{ minWidth: 160 }}
        >
          {ROLES.map((code) => (
            <MenuItem key={code} value={code}>
              {t(`workflow.role.${code}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          label={t('workflow.users.extension')}
          value={extension}
          onChange={(e) => setExtension(e.target.value)}
        />
        <TextField
          label={t('workflow.users.mobile')}
          value={mobile}
          onChange={(e) => setMobile(e.target.value)}
        />
        <FormControlLabel
          control={<Checkbox checked={inspector} onChange={(e) => setInspector(e.target.checked)} />}
          label={t('workflow.users.inspector')}
        />
      </Stack>
      {error && (
        <Alert severity="error">{taken ? t('workflow.invite.emailTaken') : t('workflow.saveFailed')}</Alert>
      )}
      {sentTo && <Alert severity="success">{t('workflow.invite.sent', { email: sentTo })}</Alert>}
      <div>
        <Button type="submit" variant="contained" disabled={saving || incomplete}>
          {t('workflow.invite.submit')}
        </Button>
      </div>
    </Stack>
  );
}

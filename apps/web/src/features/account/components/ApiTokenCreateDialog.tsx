// Making an API token (issue 42): a name, the scopes the user's role allows, an expiry; for administrators in
// /admin/workflow, the name of the service account it acts as. The answer's secret is shown here once, with a copy
// button: the server keeps only its hash.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TOAST_MS, type TokenScope } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/index.ts';
import { useCreateApiToken, type ApiTokenCreatedData } from '../api/api-tokens.ts';
import { errorText } from '../lib/error-text.ts';

export const EXPIRY_DAYS = [30, 90, 180, 365, 730] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ApiTokenCreateDialogProps {
  open: boolean;
  onClose: () => void;
  /** The scopes the token's user may have (grantableScopes). */
  grantable: readonly TokenScope[];
  /** Administrators in /admin/workflow: the token acts as a new service account of this name. */
  serviceAccount?: boolean;
}

export function ApiTokenCreateDialog({
  open,
  onClose,
  grantable,
  serviceAccount,
}: ApiTokenCreateDialogProps) {
  const { t } = useTranslation('account');
  const { show } = useToast();
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [account, setAccount] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['read']);
  const [days, setDays] = useState<number>(90);
  const [created, setCreated] = useState<ApiTokenCreatedData | null>(null);

  const close = () => {
    setName('');
    setAccount('');
    setScopes(['read']);
    setDays(90);
    setCreated(null);
    create.reset();
    onClose();
  };
  const ready = name.trim() !== '' && scopes.length > 0 && (!serviceAccount || account.trim() !== '');
  const submit = () =>
    create.mutate(
      {
        name: name.trim(),
        scopes,
        expiresAt: new Date(Date.now() + days * DAY_MS).toISOString(),
        ...(serviceAccount && { serviceAccount: { name: account.trim() } }),
      },
      { onSuccess: setCreated },
    );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created!.token);
      show({ text: t('settings.apiTokens.copied'), color: 'success', timer: TOAST_MS.normal });
    } catch {
      show({ text: t('settings.apiTokens.copyFailed'), color: 'error', timer: TOAST_MS.long });
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" data-testid="api-token-dialog">
      {created ? (
        <>
          <DialogTitle>{t('settings.apiTokens.createdTitle')}</DialogTitle>
          <DialogContent>
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('settings.apiTokens.shownOnce')}
            </Alert>
            <TextField
              fullWidth
              value={created.token}
              label={created.name}
              slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
              onFocus={(e) => e.target.select()}
              data-testid="api-token-secret"
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => void copy()} variant="outlined" data-testid="api-token-copy">
              {t('settings.apiTokens.copy')}
            </Button>
            <Button onClick={close} variant="contained" data-testid="api-token-done">
              {t('settings.apiTokens.done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (ready && !create.isPending) submit();
          }}
        >
          <DialogTitle>
            {t(serviceAccount ? 'settings.apiTokens.serviceTitle' : 'settings.apiTokens.createTitle')}
          </DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              {t(serviceAccount ? 'settings.apiTokens.serviceText' : 'settings.apiTokens.createText')}
            </DialogContentText>
            <Stack spacing={2}>
              {serviceAccount && (
                <TextField
                  required
                  fullWidth
                  label={t('settings.apiTokens.serviceAccount')}
                  value={account}
                  onChange={(e) => setAccount(e.target.value)}
                  slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'api-token-account' } }}
                />
              )}
              <TextField
                autoFocus
                required
                fullWidth
                label={t('settings.apiTokens.name')}
                value={name}
                onChange={(e) => setName(e.target.value)}
                slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'api-token-name' } }}
              />
              <div>
                <FormLabel component="legend">{t('settings.apiTokens.scopes')}</FormLabel>
                <FormGroup>
                  {grantable.map((scope) => (
                    <FormControlLabel
                      key={scope}
                      label={`${t(`settings.apiTokens.scope.${scope}`)} — ${t(`settings.apiTokens.scopeHelp.${scope}`)}`}
                      control={
                        <Checkbox
                          checked={scopes.includes(scope)}
                          onChange={(e) =>
                            setScopes((s) =>
                              e.target.checked ? [...s, scope] : s.filter((other) => other !== scope),
                            )
                          }
                          slotProps={{ input: { 'data-testid': `api-token-scope-${scope}` } as object }}
                        />
                      }
                    />
                  ))}
                </FormGroup>
              </div>
              <TextField
                select
                fullWidth
                label={t('settings.apiTokens.expiry')}
                value={days}
                onChange={(e) => setDays(Number(e.target.value))}
                data-testid="api-token-expiry"
              >
                {EXPIRY_DAYS.map((d) => (
                  <MenuItem key={d} value={d}>
                    {t('settings.apiTokens.days', { count: d })}
                  </MenuItem>
                ))}
              </TextField>
              {create.isError && <Alert severity="error">{errorText(t, create.error)}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('settings.apiTokens.cancel')}</Button>
            <Button
              type="submit"
              variant="contained"
              disabled={!ready || create.isPending}
              data-testid="api-token-create"
            >
              {t('settings.apiTokens.create')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}

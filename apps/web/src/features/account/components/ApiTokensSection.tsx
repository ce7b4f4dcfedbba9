// API tokens for scripts (issue 42; docs/api-tokens.md). In the settings: the user's own tokens — name, scopes,
// prefix, expiry, last use — made with the scopes their role allows and revoked after a confirmation. In
// /admin/workflow (`scope="client"`): every token of the client with its user, revocable, and service-account
// tokens made there.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { TOAST_MS, TOKEN_SCOPES, type TokenScope } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/index.ts';
import {
  useApiTokens,
  useRevokeApiToken,
  type ApiTokenData,
  type TokenListScope,
} from '../api/api-tokens.ts';
import { errorText } from '../lib/error-text.ts';
import { ApiTokenCreateDialog } from './ApiTokenCreateDialog.tsx';
import { SettingsSection } from './SettingsSection.tsx';

export interface ApiTokensSectionProps {
  /** The scopes the caller may give a token (grantableScopes of their role). */
  grantable: readonly TokenScope[];
  readOnly?: boolean;
  scope?: TokenListScope;
}

export function ApiTokensSection({ grantable, readOnly = false, scope = 'own' }: ApiTokensSectionProps) {
  const { t, i18n } = useTranslation('account');
  const { show } = useToast();
  const tokens = useApiTokens(scope);
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiTokenData | null>(null);
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const client = scope === 'client';

  const confirmRevoke = () =>
    revoking &&
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        show({
          text: t('settings.apiTokens.revoked', { name: revoking.name }),
          color: 'success',
          timer: TOAST_MS.normal,
        });
        setRevoking(null);
      },
      onError: (error) => {
        setRevoking(null);
        show({ text: errorText(t, error), color: 'error', timer: TOAST_MS.long });
      },
    });

  return (
    <SettingsSection
      title={t(client ? 'settings.apiTokens.clientTitle' : 'settings.apiTokens.title')}
      description={t(client ? 'settings.apiTokens.clientDescription' : 'settings.apiTokens.description')}
      testId={client ? 'admin-api-tokens' : 'settings-api-tokens'}
    >
      {tokens.isError && <Alert severity="error">{errorText(t, tokens.error)}</Alert>}
      {tokens.isPending && <Skeleton variant="rounded" height={40} />}
      {tokens.data?.length === 0 && (
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="api-tokens-empty">
          {t('settings.apiTokens.empty')}
        </Typography>
      )}
      {tokens.data && tokens.data.length > 0 && (
        <Box sx={{ overflowX: 'auto', mb: 2 }}>
          <Table size="small" data-testid="api-tokens-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('settings.apiTokens.name')}</TableCell>
                {client && <TableCell>{t('settings.apiTokens.user')}</TableCell>}
                <TableCell>{t('settings.apiTokens.scopes')}</TableCell>
                <TableCell>{t('settings.apiTokens.prefix')}</TableCell>
                <TableCell>{t('settings.apiTokens.expires')}</TableCell>
                <TableCell>{t('settings.apiTokens.lastUsed')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {tokens.data.map((token) => {
                // Expired as of when the list was read (render stays pure).
                const expired = Date.parse(token.expiresAt) <= tokens.dataUpdatedAt;
                return (
                  <TableRow key={token.id} data-testid={`api-token-${token.id}`}>
                    <TableCell>{token.name}</TableCell>
                    {client && (
                      <TableCell>
                        {token.userName}
                        {token.serviceAccount && (
                          <Chip size="small" sx={{ ml: 1 }} label={t('settings.apiTokens.service')} />
                        )}
                        <Typography variant="body2" color="text.secondary">
                          {token.userEmail}
                        </Typography>
                      </TableCell>
                    )}
                    <TableCell>
                      {TOKEN_SCOPES.filter((s) => token.scopes.includes(s)).map((s) => (
                        <Chip
                          key={s}
                          size="small"
                          sx={{ mr: 0.5 }}
                          label={t(`settings.apiTokens.scope.${s}`)}
                        />
                      ))}
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{token.prefix}…</TableCell>
                    <TableCell>
                      {expired ? (
                        <Chip size="small" color="warning" label={t('settings.apiTokens.expired')} />
                      ) : (
                        day.format(new Date(token.expiresAt))
                      )}
                    </TableCell>
                    <TableCell>
                      {token.lastUsedAt
                        ? when.format(new Date(token.lastUsedAt))
                        : t('settings.apiTokens.never')}
                    </TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        color="error"
                        disabled={readOnly}
                        onClick={() => setRevoking(token)}
                        aria-label={`${t('settings.apiTokens.revoke')}: ${token.name}`}
                        data-testid={`api-token-revoke-${token.id}`}
                      >
                        {t('settings.apiTokens.revoke')}
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      <Button
        variant="outlined"
        disabled={readOnly || grantable.length === 0}
        onClick={() => setCreating(true)}
        data-testid={client ? 'admin-api-token-new' : 'api-token-new'}
      >
        {t(client ? 'settings.apiTokens.newService' : 'settings.apiTokens.new')}
      </Button>
      <ApiTokenCreateDialog
        open={creating}
        onClose={() => setCreating(false)}
        grantable={grantable}
        serviceAccount={client}
      />
      <Dialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        data-testid="api-token-revoke-dialog"
      >
        <DialogTitle>{t('settings.apiTokens.revokeTitle', { name: revoking?.name ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('settings.apiTokens.revokeText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRevoking(null)}>{t('settings.apiTokens.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={revoke.isPending}
            onClick={confirmRevoke}
            data-testid="api-token-revoke-confirm"
          >
            {t('settings.apiTokens.revoke')}
          </Button>
        </DialogActions>
      </Dialog>
    </SettingsSection>
  );
}

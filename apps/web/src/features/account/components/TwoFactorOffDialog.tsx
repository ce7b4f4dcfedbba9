// Turning two-step sign-in off asks for the password and then for a code mailed for it (issue 37): an access token
// alone could switch it off, even one issued before it was switched on.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { TWO_FACTOR } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface TwoFactorOffDialogProps {
  open: boolean;
  busy: boolean;
  /** The server's answer to a wrong password or code, shown under the field. */
  error: string | null;
  /** Set once the password was right: the (partly hidden) address the code went to; the dialog asks for it. */
  sentTo: string | null;
  onCancel: () => void;
  onConfirm: (password: string) => void;
  onCode: (code: string) => void;
}

const CODE = new RegExp(`^\\d{${TWO_FACTOR.codeLength}}$`);

export function TwoFactorOffDialog(props: TwoFactorOffDialogProps) {
  const { open, busy, error, sentTo, onCancel, onConfirm, onCode } = props;
  const { t } = useTranslation('account');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const close = () => {
    setPassword('');
    setCode('');
    onCancel();
  };
  const ready = sentTo === null ? password !== '' : CODE.test(code.trim());
  return (
    <Dialog open={open} onClose={close} data-testid="two-factor-off-dialog" fullWidth maxWidth="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!ready) return;
          if (sentTo === null) onConfirm(password);
          else onCode(code.trim());
        }}
      >
        <DialogTitle>{t('settings.twoFactor.offTitle')}</DialogTitle>
        <DialogContent>
          {sentTo === null ? (
            <>
              <DialogContentText sx={{ mb: 2 }}>{t('settings.twoFactor.offText')}</DialogContentText>
              <TextField
                autoFocus
                fullWidth
                type="password"
                autoComplete="current-password"
                label={t('settings.twoFactor.password')}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={error !== null}
                helperText={error ?? ' '}
                slotProps={{ htmlInput: { 'data-testid': 'two-factor-off-password' } }}
              />
            </>
          ) : (
            <>
              <DialogContentText sx={{ mb: 2 }} data-testid="two-factor-off-sent">
                {t('settings.twoFactor.offCodeSent', { email: sentTo })}
              </DialogContentText>
              <TextField
                autoFocus
                fullWidth
                autoComplete="one-time-code"
                label={t('twoFactor.code')}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                error={error !== null}
                helperText={error ?? t('twoFactor.codeHelp')}
                slotProps={{
                  htmlInput: {
                    'data-testid': 'two-factor-off-code',
                    inputMode: 'numeric',
                    maxLength: TWO_FACTOR.codeLength,
                  },
                }}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('settings.twoFactor.cancel')}</Button>
          <Button
            type="submit"
            color="warning"
            disabled={!ready || busy}
            data-testid="two-factor-off-confirm"
          >
            {t(sentTo === null ? 'settings.twoFactor.next' : 'settings.twoFactor.confirmOff')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

// Turning two-step sign-in off asks for the password again (issue 37): an access token alone could switch it off.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface TwoFactorOffDialogProps {
  open: boolean;
  busy: boolean;
  /** The server's answer to a wrong password, shown under the field. */
  error: string | null;
  onCancel: () => void;
  onConfirm: (password: string) => void;
}

export function TwoFactorOffDialog({ open, busy, error, onCancel, onConfirm }: TwoFactorOffDialogProps) {
  const { t } = useTranslation('account');
  const [password, setPassword] = useState('');
  const close = () => {
    setPassword('');
    onCancel();
  };
  return (
    <Dialog open={open} onClose={close} data-testid="two-factor-off-dialog" fullWidth maxWidth="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (password) onConfirm(password);
        }}
      >
        <DialogTitle>{t('settings.twoFactor.offTitle')}</DialogTitle>
        <DialogContent>
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
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('settings.twoFactor.cancel')}</Button>
          <Button
            type="submit"
            color="warning"
            disabled={!password || busy}
            data-testid="two-factor-off-confirm"
          >
            {t('settings.twoFactor.confirmOff')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

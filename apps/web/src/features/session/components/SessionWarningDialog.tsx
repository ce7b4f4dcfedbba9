// The session warning dialog of spec §2: a title, a message and exactly one Continue button.
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

export function SessionWarningDialog({ open, onContinue }: { open: boolean; onContinue: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Dialog
      open={open}
      // No onClose: only Continue answers it, not a backdrop click or Escape (ACC-SES-06).
      aria-labelledby="session-warning-title"
      aria-describedby="session-warning-message"
      data-testid="session-warning-dialog"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="session-warning-title">{t('session.warningTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="session-warning-message">{t('session.warningMessage')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onContinue} data-testid="session-continue" autoFocus>
          {t('session.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

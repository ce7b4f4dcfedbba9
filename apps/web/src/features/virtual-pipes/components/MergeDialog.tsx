// The merge while sampled pipes are not verified in the field (issue 38): it names what the merge would write and
// how many of the sample are unverified. A worker is told to verify first; an administrator may merge anyway with a
// reason, which the server records with who, when and how many. A fully verified sample is merged after the app's
// ordinary confirm dialog instead (VirtualPipesView).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { MERGE_REASON_MAX } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SamplingTest } from '../api.ts';
import { mergeQuestion, unverifiedSentence } from '../texts.ts';

interface Props {
  open: boolean;
  test: SamplingTest;
  isAdmin: boolean;
  pending: boolean;
  onClose: () => void;
  onOverride: (reason: string) => void;
}

export function MergeDialog({ open, test, isAdmin, pending, onClose, onOverride }: Props) {
  const { t } = useTranslation(['virtualpipes', 'details']);
  const [reason, setReason] = useState('');
  const valid = reason.trim().length >= 3;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="vp-merge-dialog">
      <DialogTitle>{t('merge.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="vp-merge-question">
          {mergeQuestion(t, test)} {unverifiedSentence(t, test)}
        </DialogContentText>
        {isAdmin ? (
          <>
            <Alert severity="warning" sx={{ my: 2 }}>
              {t('merge.overrideExplain')}
            </Alert>
            <TextField
              fullWidth
              multiline
              minRows={2}
              label={t('merge.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              slotProps={{ htmlInput: { maxLength: MERGE_REASON_MAX, 'data-testid': 'vp-merge-reason' } }}
            />
          </>
        ) : (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="vp-merge-admin-only">
            {t('merge.adminOnly')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="vp-merge-cancel">
          {t('actions.cancel')}
        </Button>
        {isAdmin && (
          <Button
            variant="contained"
            color="warning"
            disabled={pending || !valid}
            onClick={() => onOverride(reason.trim())}
            data-testid="vp-merge-override"
          >
            {t('merge.override')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

// Renders the pending confirmation (SHELL-DLG-01). Mounted once at the app root.
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useConfirmStore } from './confirm-store.ts';

export function ConfirmDialogHost() {
  const pending = useConfirmStore((s) => s.pending);
  const settle = useConfirmStore((s) => s.settle);
  const options = pending?.options;
  return (
    <Dialog
      open={pending != null}
      onClose={() => settle(false)}
      aria-labelledby="confirm-dialog-title"
      data-testid="confirm-dialog"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="confirm-dialog-title">{options?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{options?.description}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button data-testid="confirm-cancel" onClick={() => settle(false)}>
          {options?.cancel}
        </Button>
        <Button data-testid="confirm-action" variant="contained" onClick={() => settle(true)} autoFocus>
          {options?.action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

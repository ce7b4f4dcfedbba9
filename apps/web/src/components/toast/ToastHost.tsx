// Renders the current toast (the toast area of the layouts). Mounted once at the app root.
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Button, IconButton, Snackbar } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useToastStore } from './toast-store.ts';

export function ToastHost() {
  const { t } = useTranslation();
  const toast = useToastStore((s) => s.toast);
  const hide = useToastStore((s) => s.hide);
  if (!toast) return null;

  const confirm = toast.confirmTitle && toast.handleConfirm && (
    <Button
      color="inherit"
      size="small"
      data-testid="toast-confirm"
      onClick={() => {
        toast.handleConfirm?.();
        hide(toast.id);
      }}
    >
      {toast.confirmTitle}
    </Button>
  );
  const close = toast.close && (
    <IconButton size="small" color="inherit" aria-label={t('actions.close')} onClick={() => hide(toast.id)}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );

  return (
    <Snackbar
      open
      key={toast.id}
      anchorOrigin={{ vertical: toast.top ? 'top' : 'bottom', horizontal: 'center' }}
      sx={toast.top ? { mt: 7 } : undefined}
    >
      <Alert
        data-testid="toast"
        data-color={toast.color}
        variant="filled"
        severity={toast.color === 'primary' ? 'info' : toast.color}
        icon={toast.color === 'primary' ? false : undefined}
        action={
          confirm || close ? (
            <>
              {confirm}
              {close}
            </>
          ) : undefined
        }
        sx={{
          minWidth: 280,
          maxWidth: toast.multiline ? 560 : 480,
          whiteSpace: toast.multiline ? 'pre-line' : 'normal',
          alignItems: 'center',
          ...(toast.color === 'primary' && { bgcolor: 'primary.main', color: 'primary.contrastText' }),
        }}
      >
        {toast.text}
      </Alert>
    </Snackbar>
  );
}

// Loading and error states shared by the pipe, VIS and area details.
import { Alert, Box, Button, Skeleton } from '@mui/material';
import { useTranslation } from 'react-i18next';

export function DetailsSkeleton() {
  return (
    <Box sx={{ p: 2 }} data-testid="details-loading" aria-busy="true">
      <Skeleton variant="text" width="60%" height={32} />
      <Skeleton variant="text" width="40%" />
      <Skeleton variant="text" width="80%" />
      <Skeleton variant="rectangular" height={96} sx={{ mt: 1 }} />
      <Skeleton variant="rectangular" height={160} sx={{ mt: 1 }} />
    </Box>
  );
}

/** `text` overrides the generic sentence (e.g. the area not-found text). The server's message is shown below. */
export function DetailsError({
  error,
  onRetry,
  text,
}: {
  error: unknown;
  onRetry?: () => void;
  text?: string;
}) {
  const { t } = useTranslation(['details', 'common']);
  const detail = error instanceof Error ? error.message : null;
  return (
    <Box sx={{ p: 2 }}>
      <Alert
        severity="error"
        data-testid="details-error"
        action={
          onRetry && (
            <Button color="inherit" size="small" onClick={onRetry} data-testid="details-retry">
              {t('common:actions.retry')}
            </Button>
          )
        }
      >
        {text ?? t('details:errors.load')}
        {detail && !text && (
          <Box component="span" sx={{ display: 'block', typography: 'caption' }}>
            {detail}
          </Box>
        )}
      </Alert>
    </Box>
  );
}

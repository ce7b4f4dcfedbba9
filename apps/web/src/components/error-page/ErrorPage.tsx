// The error page of spec §2: '404 Not Found', 'This page could not be found' (map area) or
// 'An error occurred', always with a 'Home page' button.
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorTitleKey } from './route-error.ts';
import type { RouteErrorInfo } from './route-error.ts';

interface Props {
  error: RouteErrorInfo;
  /** Inside a layout (e.g. the map area) rather than the whole window. */
  embedded?: boolean;
}

export function ErrorPage({ error, embedded = false }: Props) {
  const { t } = useTranslation('shell');
  const notFound = error.status === 404;
  const Icon = notFound ? SearchOffRounded : ErrorOutlineRounded;
  return (
    <Box
      data-testid="error-page"
      data-status={error.status}
      role="alert"
      sx={{
        // Embedded pages sit in a layout's content area; keep them visually centred there.
        minHeight: embedded ? 'min(100%, 560px)' : '100dvh',
        height: embedded ? '100%' : undefined,
        display: 'grid',
        placeItems: 'center',
        p: 3,
        bgcolor: embedded ? 'transparent' : 'background.default',
      }}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 520 }}>
        <Icon sx={{ fontSize: 72, color: notFound ? 'text.secondary' : 'error.main' }} />
        <Typography variant="h4" component="h1" data-testid="error-title">
          {t(errorTitleKey(error))}
        </Typography>
        <Typography color="text.secondary">
          {notFound ? t('error.notFoundHint') : t('error.genericHint', { status: error.status })}
        </Typography>
        <Button component={RouterLink} to="/home" variant="contained" data-testid="error-home">
          {t('error.home')}
        </Button>
      </Stack>
    </Box>
  );
}

// Shown instead of the COF scenario screens when the client does not subscribe to COF (001 §6): it says why there
// is nothing to see, and asks the server for nothing.
import LockOutlined from '@mui/icons-material/LockOutlined';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function CofSubscriptionRequired() {
  const { t } = useTranslation('cof');
  return (
    <Container maxWidth="sm" sx={{ py: 6 }} data-testid="cof-subscription-required">
      <Paper variant="outlined" sx={{ p: 4 }}>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <LockOutlined color="action" sx={{ fontSize: 48 }} />
          <Typography variant="h5" component="h1">
            {t('gate.title')}
          </Typography>
          <Typography color="text.secondary">{t('gate.text')}</Typography>
        </Stack>
      </Paper>
    </Container>
  );
}

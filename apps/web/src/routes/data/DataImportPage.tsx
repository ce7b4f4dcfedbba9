// /data/import: the import wizard, for users allowed to import; others are told so.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ImportWizard, useCanImport } from '../../features/imports/index.ts';
import { useCurrentUser } from '../../features/session/index.ts';

export function DataImportPage() {
  const { t } = useTranslation('data');
  const { data: user } = useCurrentUser();
  const allowed = useCanImport();
  return (
    <Container maxWidth="lg" sx={{ py: 3 }} data-testid="data-import-page">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h4" component="h1">
          {t('wizard.title')}
        </Typography>
        <Button component={RouterLink} to="/data" data-testid="import-cancel">
          {t('wizard.cancel')}
        </Button>
      </Stack>
      {allowed && <ImportWizard />}
      {user && !allowed && (
        <Alert severity="info" data-testid="import-not-allowed">
          {t('wizard.notAllowed')}
        </Alert>
      )}
    </Container>
  );
}

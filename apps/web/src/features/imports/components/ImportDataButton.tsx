// "Import data": opens the wizard, only for users allowed to import (@pipewise/domain `can`).
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCanImport } from '../hooks/use-can-import.ts';

export function ImportDataButton() {
  const { t } = useTranslation('data');
  if (!useCanImport()) return null;
  return (
    <Button
      component={RouterLink}
      to="/data/import"
      variant="contained"
      startIcon={<UploadFileOutlined />}
      data-testid="import-data-button"
    >
      {t('importData')}
    </Button>
  );
}

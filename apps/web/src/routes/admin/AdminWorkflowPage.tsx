import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon/ComingSoon.tsx';

export function AdminWorkflowPage() {
  const { t } = useTranslation('shell');
  return (
    <ComingSoon
      title={t('pages.admin.title')}
      description={t('pages.admin.description')}
      icon={<AdminPanelSettingsOutlined />}
    />
  );
}

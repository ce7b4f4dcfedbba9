import AltRouteOutlined from '@mui/icons-material/AltRouteOutlined';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon/ComingSoon.tsx';

export function CofScenariosPage() {
  const { t } = useTranslation('shell');
  return (
    <ComingSoon
      title={t('pages.cofScenarios.title')}
      description={t('pages.cofScenarios.description')}
      icon={<AltRouteOutlined />}
    />
  );
}

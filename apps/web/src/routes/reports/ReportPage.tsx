import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoon } from '../../components/coming-soon/ComingSoon.tsx';

export function ReportPage() {
  const { t } = useTranslation('shell');
  const { report = 'asset' } = useParams();
  return (
    <ComingSoon
      title={t('pages.report.title', { name: t(`nav.reports.${report}`) })}
      description={t('pages.report.description')}
      icon={<AssessmentOutlined />}
    />
  );
}

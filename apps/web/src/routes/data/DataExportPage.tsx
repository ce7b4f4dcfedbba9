import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon/ComingSoon.tsx';

export function DataExportPage() {
  const { t } = useTranslation('shell');
  return (
    <ComingSoon
      title={t('pages.exports.title')}
      description={t('pages.exports.description')}
      icon={<FileDownloadOutlined />}
    />
  );
}

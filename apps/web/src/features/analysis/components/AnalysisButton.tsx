// Opens the analysis dialog of a dataset (runs and model card) from the /data versions table.
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalysisDialog } from './AnalysisDialog.tsx';

export function AnalysisButton({ datasetId, name }: { datasetId: number; name: string }) {
  const { t } = useTranslation('analysis');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        startIcon={<InsightsOutlined />}
        onClick={() => setOpen(true)}
        data-testid={`analysis-button-${datasetId}`}
      >
        {t('open')}
      </Button>
      {open && (
        <AnalysisDialog datasetId={datasetId} name={name} open={open} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

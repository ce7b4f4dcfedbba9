// "Run analysis" (spec 001 §7 analyses/all/execute): administrators start a new analysis, e.g. after a
// CANCELLED one ("a new analysis is required", spec §4). Others see nothing.
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import Button from '@mui/material/Button';
import { can } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast/index.ts';
import { useCurrentUser } from '../../session/index.ts';
import { useExecuteAnalysis } from '../api/execute-analysis.ts';

export function RunAnalysisButton({
  datasetId,
  disabled = false,
}: {
  datasetId: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation('analysis');
  const { data: user } = useCurrentUser();
  const execute = useExecuteAnalysis(datasetId);
  if (!user || !can(user, 'importData') || user.isDemo) return null;
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<PlayArrowOutlined />}
      disabled={disabled || execute.isPending}
      data-testid={`run-analysis-${datasetId}`}
      onClick={() =>
        execute.mutate(undefined, {
          onSuccess: () => toast.show({ text: t('run.started'), color: 'success', timer: 3000 }),
          onError: (err) => toast.show({ text: err.message, color: 'error', timer: 5000 }),
        })
      }
    >
      {t('run.button')}
    </Button>
  );
}

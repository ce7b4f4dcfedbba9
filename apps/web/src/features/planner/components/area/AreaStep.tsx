// Step 2, select area or pipes (TBD-10): the drawn rectangle (the Planner tab's boundary tools) or the whole
// network; the pipe finder; and from here a plan (step 3) or a project of the area, the selected pipe or the found
// pipes (step 5).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePlanner } from '../../hooks/planner-context.tsx';
import { useMapBridge } from '../../hooks/panel-context.tsx';
import { usePlannerStore } from '../../state.ts';
import { FoundPipes } from './FoundPipes.tsx';
import { PipeFinderForm } from './PipeFinderForm.tsx';

export function AreaStep() {
  const { t } = useTranslation('planner');
  const { canPlan } = usePlanner();
  const { area, areaPipeIds, selectedPipeId } = useMapBridge();
  const found = usePlannerStore((s) => s.found);
  const setStep = usePlannerStore((s) => s.setStep);
  const draftProject = usePlannerStore((s) => s.draftProject);

  return (
    <Stack spacing={1.5} data-testid="planner-area">
      <Alert
        severity={area ? 'success' : 'info'}
        data-testid="planner-area-state"
        data-has-area={area !== null}
      >
        {area
          ? areaPipeIds
            ? t('area.drawnWithPipes', { count: areaPipeIds.length })
            : t('area.drawnNotFinal')
          : t('area.howToDraw')}
      </Alert>
      {canPlan && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" onClick={() => setStep('generate')} data-testid="planner-to-generate">
            {t('area.toGenerate')}
          </Button>
          <Button
            variant="outlined"
            disabled={!area}
            onClick={() => draftProject({ area, pipeIds: areaPipeIds })}
            data-testid="planner-project-from-area"
          >
            {t('area.projectFromArea')}
          </Button>
          {selectedPipeId !== null && (
            <Button
              variant="outlined"
              onClick={() => draftProject({ area: null, pipeIds: [selectedPipeId] })}
              data-testid="planner-project-from-selection"
            >
              {t('area.projectFromSelection')}
            </Button>
          )}
        </Stack>
      )}
      <Divider />
      <Typography variant="subtitle2">{t('finder.title')}</Typography>
      <PipeFinderForm />
      {found && <FoundPipes found={found} />}
    </Stack>
  );
}

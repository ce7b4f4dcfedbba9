// The import wizard of /data/import: one step at a time, the answers kept in the wizard store until it closes.
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentStep, useImportWizard, WIZARD_STEPS, type WizardStep } from '../state.ts';
import { ColumnsStep } from './wizard/ColumnsStep.tsx';
import { FileStep } from './wizard/FileStep.tsx';
import { LayerStep } from './wizard/LayerStep.tsx';
import { MaterialsStep } from './wizard/MaterialsStep.tsx';
import { ProgressStep } from './wizard/ProgressStep.tsx';
import { QuestionsStep } from './wizard/QuestionsStep.tsx';
import { ReviewStep } from './wizard/ReviewStep.tsx';
import { UploadStep } from './wizard/UploadStep.tsx';

const STEP_COMPONENT: Record<WizardStep, () => React.ReactNode> = {
  file: FileStep,
  upload: UploadStep,
  layer: LayerStep,
  columns: ColumnsStep,
  materials: MaterialsStep,
  questions: QuestionsStep,
  review: ReviewStep,
  import: ProgressStep,
};

export function ImportWizard() {
  const { t } = useTranslation('data');
  const step = useImportWizard((s) => s.step);
  const reset = useImportWizard((s) => s.reset);
  // A new visit starts from scratch; the answers live only as long as the wizard is open.
  useEffect(() => reset, [reset]);
  const Current = STEP_COMPONENT[currentStep({ step })];
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 } }}
      data-testid="import-wizard"
      data-step={WIZARD_STEPS[step]}
    >
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {WIZARD_STEPS.map((s) => (
          <Step key={s}>
            <StepLabel>{t(`wizard.steps.${s}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Current />
    </Paper>
  );
}

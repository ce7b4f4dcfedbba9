// Step 6: what the file cannot say itself — units, coordinate system, dates, empty cells, break snapping.
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Answers } from '../../api/import-options.ts';
import { chosenLayer, useImportWizard } from '../../state.ts';
import { CrsField, crsMissing } from './CrsField.tsx';
import { NativeSelect } from './NativeSelect.tsx';
import { WizardNav } from './WizardNav.tsx';

const CHOICES = {
  lengthUnit: ['m', 'km', 'ft', 'mi'],
  diameterUnit: ['mm', 'cm', 'm', 'in'],
  dateFormat: ['auto', 'YMD', 'DMY', 'MDY'],
  missingMeans: ['unknown', 'skip-row'],
} as const satisfies { [K in keyof Answers]: readonly Answers[K][] };

export function QuestionsStep() {
  const { t } = useTranslation('data');
  const state = useImportWizard();
  const { answers, set } = state;
  const tolerance = state.snapToleranceM;
  const toleranceOk = Number.isFinite(tolerance) && tolerance >= 0 && tolerance <= 1000;
  const select = <K extends keyof Answers>(key: K) => (
    <NativeSelect
      label={t(`wizard.questions.${key}`)}
      value={answers[key]}
      onChange={(v) => set({ answers: { ...answers, [key]: v as Answers[K] } })}
      options={CHOICES[key].map((v) => ({ value: v, label: t(`wizard.questions.choice.${key}.${v}`) }))}
      testId={`import-answer-${key}`}
    />
  );
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }} data-testid="import-questions-step">
      {select('lengthUnit')}
      {select('diameterUnit')}
      <CrsField />
      {select('dateFormat')}
      {select('missingMeans')}
      {state.type === 'breaks' && (
        <TextField
          type="number"
          label={t('wizard.questions.snapTolerance')}
          value={Number.isFinite(tolerance) ? tolerance : ''}
          error={!toleranceOk}
          helperText={t('wizard.questions.snapToleranceHelp')}
          onChange={(e) => set({ snapToleranceM: e.target.value === '' ? NaN : Number(e.target.value) })}
          slotProps={{ htmlInput: { min: 0, max: 1000, 'data-testid': 'import-snap-tolerance' } }}
        />
      )}
      <WizardNav canNext={toleranceOk && !crsMissing(state.crs, chosenLayer(state)?.crs)} />
    </Stack>
  );
}

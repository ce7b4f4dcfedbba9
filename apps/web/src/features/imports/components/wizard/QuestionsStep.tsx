// Step 6: what the file cannot say itself — units, coordinate system, dates, empty cells, break snapping and, for
// pipes, the node tolerance. A unit is asked only for a column the mapping uses, and first offered in the user's
// own unit system; the coordinate system only for a layer with geometry (a GeoJSON without a crs member is WGS 84
// and needs no answer).
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../session/index.ts';
import type { Answers } from '../../api/import-options.ts';
import { chosenLayer, importsPipes, useImportWizard } from '../../state.ts';
import { CrsField, crsMissing } from './CrsField.tsx';
import { NativeSelect } from './NativeSelect.tsx';
import { NodeToleranceField, nodeToleranceOk } from './NodeToleranceField.tsx';
import { WizardNav } from './WizardNav.tsx';

const CHOICES = {
  lengthUnit: ['m', 'km', 'ft', 'mi'],
  diameterUnit: ['mm', 'cm', 'm', 'in'],
  dateFormat: ['auto', 'YMD', 'DMY', 'MDY'],
  missingMeans: ['unknown', 'skip-row'],
} as const satisfies { [K in Asked]: readonly Answers[K][] };

/**
 * The answers this step asks; whether pipes without geometry, or valves on unknown pipes, may be imported is asked by
 * the review step, which shows them.
 */
type Asked = Exclude<keyof Answers, 'geometrylessPipes' | 'unknownPipeIds'>;

export function QuestionsStep() {
  const { t } = useTranslation('data');
  const state = useImportWizard();
  const { answers, set } = state;
  const units = useCurrentUser().data?.units.user;
  useEffect(() => {
    if (state.unitsFromUser || !units) return;
    set({
      unitsFromUser: true,
      answers: { ...answers, lengthUnit: units.segment, diameterUnit: units.diameter },
    });
  }, [state.unitsFromUser, units, answers, set]);
  const mapped = (field: string) => Boolean(state.mapping?.[field]);
  // A layer without geometry (a breaks CSV without coordinates, a mains inventory) has no coordinates to place.
  const layer = chosenLayer(state);
  const hasGeometry = layer != null && layer.geometryType !== 'None';
  const tolerance = state.snapToleranceM;
  const toleranceOk = Number.isFinite(tolerance) && tolerance >= 0 && tolerance <= 1000;
  const select = <K extends Asked>(key: K) => (
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
      {mapped('length') && select('lengthUnit')}
      {mapped('diameter') && select('diameterUnit')}
      {hasGeometry && <CrsField />}
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
      {/* Keyed by the unit: the user's units may arrive after the first render. */}
      {importsPipes(state) && <NodeToleranceField key={units?.segment ?? 'm'} />}
      <WizardNav
        canNext={
          toleranceOk &&
          !(importsPipes(state) && !nodeToleranceOk(state.nodeToleranceM)) &&
          !(hasGeometry && crsMissing(state.crs, layer?.crs))
        }
      />
    </Stack>
  );
}

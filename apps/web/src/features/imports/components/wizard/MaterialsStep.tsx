// Step 5: each distinct value of the mapped material column → one of the 11 material codes (spec 000 §3),
// pre-filled with the server's suggestion; values nobody recognised are listed for the user to map. Cohort codes
// ('CI-C3': a material and an era or class) are said to keep their suffix on each pipe (issue 40), which a pipes
// import may offer the likelihood-of-failure model as a risk factor.
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { MATERIAL_COHORT_ATTR } from '@pipewise/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMaterialValues, type MaterialValue } from '../../api/get-material-values.ts';
import { importsPipes, materialColumn, useImportWizard } from '../../state.ts';
import { MaterialTable } from './MaterialTable.tsx';
import { WizardNav } from './WizardNav.tsx';

/** The suggested codes, for values the user has not chosen yet. */
export function withSuggestions(
  values: MaterialValue[],
  chosen: Record<string, number>,
): Record<string, number> {
  const next = { ...chosen };
  for (const v of values) if (next[v.value] === undefined && v.suggested != null) next[v.value] = v.suggested;
  return next;
}

/** How many cohort examples the notice names. */
const COHORT_EXAMPLES = 3;

/** Says that cohort codes keep their suffix, and lets a pipes import use it as a risk factor. */
function CohortNotice({ values }: { values: MaterialValue[] }) {
  const { t } = useTranslation('data');
  const pipes = useImportWizard(importsPipes);
  const chosen = useImportWizard((s) => s.lofFeatures);
  const set = useImportWizard((s) => s.set);
  const cohorts = values.filter((v) => v.cohort != null);
  if (cohorts.length === 0) return null;
  const ticked = chosen.includes(MATERIAL_COHORT_ATTR);
  return (
    <Alert severity="info" data-testid="import-materials-cohorts">
      {t('wizard.materials.cohorts', {
        count: cohorts.length,
        examples: cohorts
          .slice(0, COHORT_EXAMPLES)
          .map((v) => v.value)
          .join(', '),
        attribute: MATERIAL_COHORT_ATTR,
      })}
      {pipes && (
        <FormControlLabel
          sx={{ display: 'flex', mt: 1 }}
          label={t('wizard.materials.cohortRiskFactor', { attribute: MATERIAL_COHORT_ATTR })}
          control={
            <Checkbox
              size="small"
              checked={ticked}
              onChange={() =>
                set({
                  lofFeatures: ticked
                    ? chosen.filter((c) => c !== MATERIAL_COHORT_ATTR)
                    : [...chosen, MATERIAL_COHORT_ATTR],
                })
              }
              slotProps={{ input: { 'data-testid': 'import-materials-cohort-risk-factor' } as object }}
            />
          }
        />
      )}
    </Alert>
  );
}

export function MaterialsStep() {
  const { t } = useTranslation('data');
  const state = useImportWizard();
  const column = materialColumn(state);
  const crs = state.crs.trim();
  const query = useMaterialValues(
    state.upload?.id ?? null,
    column && state.layer ? { layer: state.layer, ...(crs ? { crs } : {}), column } : null,
  );
  const { materials, set } = state;
  // Suggestions fill the table once per answer, so a value the user cleared stays cleared.
  const suggestedFor = useRef<unknown>(null);
  useEffect(() => {
    if (!query.data || suggestedFor.current === query.data) return;
    suggestedFor.current = query.data;
    set({ materials: withSuggestions(query.data, materials) });
  }, [query.data, materials, set]);

  if (!column)
    return (
      <Stack data-testid="import-materials-step">
        <Alert severity="info" data-testid="import-materials-none">
          {t('wizard.materials.noColumn')}
        </Alert>
        <WizardNav canNext />
      </Stack>
    );
  if (query.isError)
    return (
      <Stack>
        <Alert severity="error">{query.error.message}</Alert>
        <WizardNav canNext={false} />
      </Stack>
    );
  if (!query.data) return <CircularProgress />;

  const unmapped = query.data.filter((v) => materials[v.value] === undefined);
  return (
    <Stack spacing={2} data-testid="import-materials-step">
      {unmapped.length > 0 ? (
        <Alert severity="warning" data-testid="import-materials-unmapped">
          {t('wizard.materials.unmapped', { count: unmapped.length })}{' '}
          <strong>{unmapped.map((v) => v.value || t('wizard.materials.empty')).join(', ')}</strong>
        </Alert>
      ) : (
        <Alert severity="success">{t('wizard.materials.allMapped')}</Alert>
      )}
      <CohortNotice values={query.data} />
      <MaterialTable
        values={query.data}
        chosen={materials}
        onChoose={(value, code) => {
          const next = { ...materials };
          if (code == null) delete next[value];
          else next[value] = code;
          set({ materials: next });
        }}
      />
      <WizardNav canNext />
    </Stack>
  );
}

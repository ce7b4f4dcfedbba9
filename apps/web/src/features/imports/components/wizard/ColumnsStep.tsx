// Step 4: which column feeds which target field (POST …/inspect), pre-filled with the server's suggestions, or,
// for the next version of a network, with what its last import of this kind used (issue 15: remembered per
// network, with its answers, materials and risk factors); for pipes, which of the columns left unmapped the LOF
// model may use as risk factors.
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toCamel } from '../../../../lib/case.ts';
import { useInspectLayer, type InspectResponse } from '../../api/inspect-layer.ts';
import { importsPipes, useImportWizard } from '../../state.ts';
import { NativeSelect } from './NativeSelect.tsx';
import { RiskFactors } from './RiskFactors.tsx';
import { SampleTable } from './SampleTable.tsx';
import { WizardNav } from './WizardNav.tsx';

/** Target field → suggested column. The answer's keys were camelCased on the way in; the fields were not. */
export function suggestedMapping(inspect: InspectResponse): Record<string, string> {
  return Object.fromEntries(
    inspect.targetFields.map(({ field }) => [field, inspect.suggestedMapping[toCamel(field)] ?? '']),
  );
}

/**
 * The last import into the network, laid over the suggestions: its mapping wins where this file has the column,
 * and a suggestion of a column it already uses is dropped (a column feeds one field, issue 16).
 */
export function rememberedMapping(inspect: InspectResponse): Record<string, string> | null {
  const remembered = inspect.remembered;
  if (!remembered) return null;
  const suggested = suggestedMapping(inspect);
  const again = (field: string) => remembered.mapping[toCamel(field)];
  const used = new Set(inspect.targetFields.map(({ field }) => again(field)).filter(Boolean));
  return Object.fromEntries(
    inspect.targetFields.map(({ field }) => {
      const offered = suggested[field] ?? '';
      return [field, again(field) ?? (used.has(offered) ? '' : offered)];
    }),
  );
}

export function ColumnsStep() {
  const { t } = useTranslation('data');
  const state = useImportWizard();
  const crs = state.crs.trim();
  const inspect = useInspectLayer(state.upload?.id ?? null, {
    layer: state.layer ?? '',
    ...(crs ? { crs } : {}),
    type: state.type,
    ...(state.type === 'assets' ? { assetLayer: state.assetLayer } : {}),
    ...(state.targetMode === 'existing' && state.groupId !== null ? { snapshotGroupId: state.groupId } : {}),
  });
  const { mapping, set } = state;
  useEffect(() => {
    if (!inspect.data || mapping != null) return;
    const remembered = inspect.data.remembered;
    const again = rememberedMapping(inspect.data);
    if (!remembered || !again) return set({ mapping: suggestedMapping(inspect.data) });
    set({
      mapping: again,
      answers: remembered.answers,
      // The remembered units are the network's, not the user's defaults.
      unitsFromUser: true,
      materials: Object.fromEntries(remembered.materials),
      lofFeatures: remembered.lofFeatures,
    });
  }, [inspect.data, mapping, set]);

  if (inspect.isError)
    return (
      <Stack>
        <Alert severity="error" data-testid="import-inspect-error">
          {inspect.error.message}
        </Alert>
        <WizardNav canNext={false} />
      </Stack>
    );
  if (!inspect.data || !mapping) return <CircularProgress />;

  const fields = inspect.data.targetFields;
  const columns = inspect.data.layer.columns;
  const missing = fields.filter((f) => f.required && !mapping[f.field]);
  const label = (field: string) => t(`field.${field}`, { defaultValue: field });
  return (
    <Stack spacing={3} data-testid="import-columns-step">
      {inspect.data.remembered && (
        <Alert severity="info" data-testid="import-remembered">
          {t('wizard.columns.remembered', { file: inspect.data.remembered.fileName })}
        </Alert>
      )}
      <Grid container spacing={2}>
        {fields.map(({ field, required }) => (
          <Grid key={field} size={{ xs: 12, sm: 6, md: 4 }}>
            <NativeSelect
              label={label(field)}
              required={required}
              error={required && !mapping[field]}
              value={mapping[field] ?? ''}
              onChange={(column) => set({ mapping: { ...mapping, [field]: column } })}
              options={[
                { value: '', label: t('wizard.columns.notMapped') },
                ...columns.map((c) => ({ value: c, label: c })),
              ]}
              testId={`import-map-${field}`}
            />
          </Grid>
        ))}
      </Grid>
      {missing.length > 0 && (
        <Alert severity="warning" data-testid="import-columns-missing">
          {t('wizard.columns.requiredMissing', { fields: missing.map((f) => label(f.field)).join(', ') })}
        </Alert>
      )}
      {importsPipes(state) && <RiskFactors columns={columns} />}
      <SampleTable columns={columns} rows={inspect.data.sample} />
      <WizardNav canNext={missing.length === 0} />
    </Stack>
  );
}

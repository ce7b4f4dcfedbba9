// The pipe edit dialog (PIPE-EDIT-01…07): one attribute (install year, material or diameter), the imputed
// likelihood per category as horizontal bars, and Restore (back to the imputed value), Cancel and Confirm
// (PATCH; the asset, the current snapshot and — for abandoned — the status are fetched again by useUpdateAsset).
// After the save the dialog says what the edit did to the results (issue 38): re-scored at once, applied when the
// analysis under way finishes, or a full analysis queued and why; Close then closes it.
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useMemo, useState } from 'react';
import {
  Controller,
  useForm,
  type Resolver,
  type ResolverError,
  type ResolverSuccess,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useUpdateAsset, type EditOutcome } from '../api/update-asset.ts';
import { currentText, editSchema, imputedText, patchFor, type EditFormValues } from '../edit-form.ts';
import { useFormatters } from '../hooks/use-formatters.ts';
import { useViewer, type Viewer } from '../hooks/use-viewer.ts';
import { MATERIAL_OPTIONS, materialName } from '../../../lib/materials.ts';
import type { AssetDetails, EditableAttribute } from '../types.ts';
import { LikelihoodBars, likelihoodEntries } from './LikelihoodBars.tsx';

export interface PipeEditDialogProps {
  datasetId: number;
  /** The camelCased Asset being edited. */
  pipe: AssetDetails;
  attribute: EditableAttribute;
  open: boolean;
  onClose: () => void;
  /** After a successful save, e.g. to refresh the map tiles. */
  onSaved?: () => void;
}

const TITLE_KEY: Record<EditableAttribute, string> = {
  installYear: 'attributes.installYear',
  materialTypeCode: 'attributes.material',
  diameter: 'attributes.diameter',
};

export function PipeEditDialog(props: PipeEditDialogProps) {
  const { t } = useTranslation('details');
  const { pipe, attribute, open, onClose } = props;
  const viewer = useViewer();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="pipe-edit-dialog">
      <DialogTitle>
        {t('edit.title', { attribute: t(TITLE_KEY[attribute]), id: pipe.nativePipeId })}
      </DialogTitle>
      {/* Keyed by the unit: the form's starting value is in the user's diameter unit, known once the user is. */}
      <EditForm key={`${attribute}:${viewer.units.diameter}`} {...props} viewer={viewer} />
    </Dialog>
  );
}

function EditForm({
  datasetId,
  pipe,
  attribute,
  onClose,
  onSaved,
  viewer,
}: PipeEditDialogProps & { viewer: Viewer }) {
  const { t } = useTranslation(['details', 'validations']);
  const fmt = useFormatters(viewer);
  const unit = viewer.units.diameter;
  const update = useUpdateAsset(datasetId);
  const [outcome, setOutcome] = useState<EditOutcome | null>(null);
  const schema = useMemo(() => editSchema(attribute), [attribute]);
  const imputed = imputedText(pipe, attribute, unit);

  // The rule keys (`validations.<rule>`) become text here, with the rule's params ({{min}}, {{max}}).
  const resolver: Resolver<EditFormValues> = (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values, errors: {} } as ResolverSuccess<EditFormValues>;
    const issue = result.error.issues[0]!;
    const params = (issue as { params?: Record<string, unknown> }).params ?? {};
    const message = t(issue.message.replace(/^validations\./, 'validations:'), params);
    return { values: {}, errors: { value: { type: issue.code, message } } } as ResolverError<EditFormValues>;
  };
  const { control, handleSubmit, setValue } = useForm<EditFormValues>({
    defaultValues: { value: currentText(pipe, attribute, unit) },
    mode: 'onChange',
    resolver,
  });

  const entries = likelihoodEntries(likelihoodOf(pipe, attribute), (key, keys) => {
    switch (attribute) {
      case 'materialTypeCode':
        return materialName(t, Number(key));
      case 'diameter':
        return fmt.diameter(Number(key));
      case 'installYear':
        return yearBinLabel(key, keys);
    }
  });

  const submit = handleSubmit((values) =>
    update.mutate(
      { pipeId: pipe.id, patch: patchFor(pipe, attribute, values.value, unit) },
      {
        onSuccess: (answer) => {
          onSaved?.();
          setOutcome(answer.edit);
        },
      },
    ),
  );

  const label = t(TITLE_KEY[attribute]);
  const fieldLabel = attribute === 'diameter' ? t('edit.diameterIn', { unit }) : label;
  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Controller
            control={control}
            name="value"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                select={attribute === 'materialTypeCode'}
                label={fieldLabel}
                required
                fullWidth
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? t('edit.imputed', { value: imputedLabel(imputed) })}
                slotProps={{
                  htmlInput: {
                    'data-testid': 'pipe-edit-value',
                    inputMode: attribute === 'materialTypeCode' ? undefined : 'decimal',
                  },
                  formHelperText: { 'data-testid': 'pipe-edit-helper' } as object,
                }}
              >
                {attribute === 'materialTypeCode' &&
                  MATERIAL_OPTIONS.map((option) => (
                    <MenuItem
                      key={option.code}
                      value={String(option.code)}
                      data-testid={`pipe-edit-material-${option.code}`}
                    >
                      {materialName(t, option.code)}
                    </MenuItem>
                  ))}
              </TextField>
            )}
          />
          <LikelihoodBars
            entries={entries}
            language={viewer.language}
            title={t('edit.likelihood')}
            emptyText={t('edit.noLikelihood')}
          />
          {outcome && (
            <Alert
              severity={outcome.analysis === 'rescored' ? 'success' : 'info'}
              data-testid="pipe-edit-outcome"
              data-outcome={outcome.analysis}
            >
              {editOutcomeText(t, outcome)}
            </Alert>
          )}
          {update.isError && (
            <Alert severity="error" data-testid="pipe-edit-error">
              {t('edit.failed', { message: errorMessage(update.error) })}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {outcome ? (
          <Button variant="contained" onClick={onClose} autoFocus data-testid="pipe-edit-close">
            {t('edit.close')}
          </Button>
        ) : (
          <>
            <Button
              onClick={() => setValue('value', imputed, { shouldValidate: true, shouldDirty: true })}
              disabled={imputed === '' || update.isPending}
              data-testid="pipe-edit-restore"
              sx={{ mr: 'auto' }}
            >
              {t('edit.restore')}
            </Button>
            <Button onClick={onClose} data-testid="pipe-edit-cancel">
              {t('edit.cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void submit()}
              disabled={update.isPending}
              data-testid="pipe-edit-confirm"
            >
              {t('edit.confirm')}
            </Button>
          </>
        )}
      </DialogActions>
    </>
  );

  function imputedLabel(text: string): string {
    if (text === '') return fmt.na;
    if (attribute === 'materialTypeCode') return materialName(t, Number(text));
    if (attribute === 'diameter') return `${text} ${unit}`;
    return text;
  }
}

function likelihoodOf(pipe: AssetDetails, attribute: EditableAttribute) {
  switch (attribute) {
    case 'installYear':
      return pipe.installYearLikelihood;
    case 'materialTypeCode':
      return pipe.materialLikelihood;
    case 'diameter':
      return pipe.diameterLikelihood;
  }
}

/** What the edit did to the results, in the user's language (docs/api-assets.md, PATCH answer `edit`). */
export function editOutcomeText(t: TFunction<['details', ...string[]]>, outcome: EditOutcome): string {
  if (outcome.analysis !== 'queued') return t(`details:edit.outcome.${outcome.analysis}`);
  const reason = t(`details:edit.fallback.${outcome.reason ?? 'no_model'}`);
  return t('details:edit.outcome.queued', { reason });
}

/** Install-year categories are era bins keyed by their first year: '1950' → '1950–1959' (bin width from the keys). */
export function yearBinLabel(key: string, keys: readonly string[]): string {
  const years = keys.map(Number).filter(Number.isFinite);
  const step = years.length > 1 ? Math.min(...years.slice(1).map((y, i) => y - years[i]!)) : 1;
  const start = Number(key);
  return step > 1 ? `${start}–${start + step - 1}` : key;
}

function errorMessage(error: unknown): string {
  return error instanceof ApiError || error instanceof Error ? error.message : String(error);
}

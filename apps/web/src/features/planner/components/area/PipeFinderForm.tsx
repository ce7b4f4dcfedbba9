// The pipe finder (PLAN-FIND-01): the riskiest pipes covering a share of the length or count (%), or a length in
// the user's unit, of the drawn area or the whole network.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFindHighRiskPipes } from '../../api/find-high-risk-pipes.ts';
import { usePlanner } from '../../hooks/planner-context.tsx';
import { useMapBridge } from '../../hooks/panel-context.tsx';
import { errorText } from '../../lib/error-text.ts';
import { plannerResolver } from '../../lib/form-resolver.ts';
import {
  pipeFinderDefaults,
  pipeFinderSchema,
  toFindInput,
  type PipeFinderValues,
} from '../../lib/pipe-finder-form.ts';
import { usePlannerStore } from '../../state.ts';
import { FormText } from '../ui/FormText.tsx';
import { ScopeFields } from '../ui/ScopeFields.tsx';

export function PipeFinderForm() {
  const { t } = useTranslation(['planner', 'validations']);
  const { datasetId, hasLof, hasBre, units } = usePlanner();
  const { area } = useMapBridge();
  const setFound = usePlannerStore((s) => s.setFound);
  const find = useFindHighRiskPipes(datasetId);
  const resolver = useMemo(
    () => plannerResolver(pipeFinderSchema({ hasLof, hasBre, area }), t),
    [hasLof, hasBre, area, t],
  );
  const { control, handleSubmit } = useForm<PipeFinderValues>({
    defaultValues: pipeFinderDefaults(area, { hasLof, hasBre }),
    resolver,
  });
  const coverageType = useWatch({ control, name: 'coverageType' });

  const submit = handleSubmit((values) =>
    find.mutate(toFindInput(values, units.segment, area), { onSuccess: (result) => setFound(result) }),
  );
  return (
    <Stack
      component="form"
      spacing={1.5}
      noValidate
      onSubmit={(e) => void submit(e)}
      data-testid="pipe-finder-form"
    >
      <Stack direction="row" spacing={1}>
        <Controller
          control={control}
          name="coverageType"
          render={({ field }) => (
            <TextField
              {...field}
              select
              size="small"
              label={t('finder.coverageType')}
              sx={{ minWidth: 170 }}
              slotProps={{ htmlInput: { 'data-testid': 'finder-coverage-type' } }}
            >
              <MenuItem value="length_percent">{t('finder.lengthPercent')}</MenuItem>
              <MenuItem value="count_percent">{t('finder.countPercent')}</MenuItem>
              <MenuItem value="length">{t('finder.length')}</MenuItem>
            </TextField>
          )}
        />
        <FormText
          control={control}
          name="amount"
          label={t('finder.amount')}
          testId="finder-amount"
          numeric
          end={
            <InputAdornment position="end">{coverageType === 'length' ? units.segment : '%'}</InputAdornment>
          }
        />
      </Stack>
      <ScopeFields
        control={control}
        riskName="riskCriteria"
        wholeSnapshotName="wholeSnapshot"
        includeBookedName="includeBooked"
        hasLof={hasLof}
        hasBre={hasBre}
        hasArea={area !== null}
        testId="finder"
      />
      {find.isError && <Alert severity="error">{errorText(t, find.error, 'noAnalysis')}</Alert>}
      <Button
        type="submit"
        variant="outlined"
        disabled={find.isPending}
        data-testid="finder-submit"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('finder.submit')}
      </Button>
    </Stack>
  );
}

// Step 3, generate a plan (PLAN-AUTO-*): budget in the client's currency, min/max project length in the user's
// unit (500/1000 ft or 150/300 m by default), LOF or BRE, the whole network or the drawn area. The plan runs as a server job;
// its review (step 4) shows the progress.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { currencyDecimals } from '@pipewise/domain';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useGeneratePlan } from '../../api/generate-plan.ts';
import { useProjectDefaults } from '../../api/get-project-defaults.ts';
import { usePlanner } from '../../hooks/planner-context.tsx';
import { useMapBridge } from '../../hooks/panel-context.tsx';
import {
  autoPlannerDefaults,
  autoPlannerSchema,
  toGenerateInput,
  type AutoPlannerValues,
} from '../../lib/auto-planner-form.ts';
import { errorText } from '../../lib/error-text.ts';
import { plannerResolver } from '../../lib/form-resolver.ts';
import { usePlannerStore } from '../../state.ts';
import { FormText } from '../ui/FormText.tsx';
import { ScopeFields } from '../ui/ScopeFields.tsx';

export function AutoPlannerForm() {
  const { t } = useTranslation(['planner', 'validations']);
  const { datasetId, hasLof, hasBre, units, currency, canPlan } = usePlanner();
  const { area } = useMapBridge();
  const money = useProjectDefaults(datasetId).data?.repairCostUnit.currency ?? currency;
  const generate = useGeneratePlan(datasetId);
  const openPlan = usePlannerStore((s) => s.openPlan);
  const ctx = useMemo(
    () => ({ hasLof, hasBre, area, unit: units.segment }),
    [hasLof, hasBre, area, units.segment],
  );
  const resolver = useMemo(() => plannerResolver(autoPlannerSchema(ctx), t), [ctx, t]);
  const { control, handleSubmit } = useForm<AutoPlannerValues>({
    defaultValues: autoPlannerDefaults(ctx),
    resolver,
  });
  const unit = <InputAdornment position="end">{units.segment}</InputAdornment>;

  const submit = handleSubmit((values) =>
    generate.mutate(toGenerateInput(values, datasetId, units.segment, area), {
      onSuccess: (plan) => openPlan(plan.id),
    }),
  );
  return (
    <Stack
      component="form"
      spacing={1.5}
      noValidate
      onSubmit={(e) => void submit(e)}
      data-testid="auto-planner-form"
    >
      <Typography variant="body2" color="text.secondary">
        {t('auto.hint')}
      </Typography>
      <FormText
        control={control}
        name="name"
        label={t('auto.name')}
        testId="auto-name"
        helperText={t('auto.nameHint')}
      />
      <FormText
        control={control}
        name="budget"
        label={t('auto.budget')}
        testId="auto-budget"
        numeric
        decimals={currencyDecimals(money)}
        required
        end={<InputAdornment position="end">{money}</InputAdornment>}
      />
      <Stack direction="row" spacing={1}>
        <FormText
          control={control}
          name="minLength"
          label={t('auto.minLength')}
          testId="auto-min-length"
          numeric
          required
          end={unit}
        />
        <FormText
          control={control}
          name="maxLength"
          label={t('auto.maxLength')}
          testId="auto-max-length"
          numeric
          required
          end={unit}
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
        testId="auto"
      />
      {generate.isError && <Alert severity="error">{errorText(t, generate.error, 'noAnalysis')}</Alert>}
      <Button
        type="submit"
        variant="contained"
        disabled={!canPlan || generate.isPending}
        data-testid="auto-submit"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('auto.submit')}
      </Button>
    </Stack>
  );
}

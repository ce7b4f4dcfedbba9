// A new renewal programme (issue 39): the dataset on the map, the first year, the horizon, the strategy that spends
// each year's budget, and two to five scenarios — each a name and a yearly budget that is flat, rises by a
// percentage a year, or is typed year by year — in the COF scenario's currency. The server's refusals (a first year
// before the analysis' scoring year) show under the field they name.
import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { PROGRAMME_LIMITS } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client.ts';
import { useCreateProgramme, type ProgrammeView } from '../../api/programmes.ts';
import { usePlanner } from '../../hooks/planner-context.tsx';
import { errorText } from '../../lib/error-text.ts';
import { parseDecimal } from '../../lib/numbers.ts';
import {
  BUDGET_KINDS,
  STRATEGIES,
  fitYears,
  programmeDefaults,
  scenarioDraft,
  toProgrammeInput,
  validateProgramme,
  yearsFrom,
  type BudgetKind,
  type ProgrammeFormErrors,
  type ProgrammeFormValues,
  type ScenarioDraft,
} from '../../lib/programme-form.ts';

export interface ProgrammeFormProps {
  /** The COF scenario's currency: the budgets are in it. */
  currency: string;
  datasetName: string;
  onCreated: (programme: ProgrammeView) => void;
  onCancel?: () => void;
  /** Today's year (tests fix it). */
  thisYear?: number;
}

/** The server's 'between 2024 and 2034' for a first year out of range, as the two years. */
function serverYearRange(err: unknown): { min: string; max: string } | null {
  if (!(err instanceof ApiError)) return null;
  const field = err.fields?.find((f) => f.field === 'startYear');
  const years = field ? /(\d{4})\D+(\d{4})/.exec(field.message) : null;
  return years ? { min: years[1]!, max: years[2]! } : null;
}

export function ProgrammeForm(props: ProgrammeFormProps) {
  const { t } = useTranslation('planner');
  const { datasetId, canPlan } = usePlanner();
  const thisYear = props.thisYear ?? new Date().getFullYear();
  const scenarioName = (n: number) => t('programme.form.scenarioName', { n });
  const [values, setValues] = useState<ProgrammeFormValues>(() => programmeDefaults(thisYear, scenarioName));
  const [errors, setErrors] = useState<ProgrammeFormErrors>({});
  const [tried, setTried] = useState(false);
  const create = useCreateProgramme(datasetId);
  const horizon = parseDecimal(values.horizon);
  const horizonOk =
    Number.isInteger(horizon) &&
    horizon >= PROGRAMME_LIMITS.horizon.min &&
    horizon <= PROGRAMME_LIMITS.horizon.max;
  const startYear = parseDecimal(values.startYear);

  const update = (next: ProgrammeFormValues) => {
    setValues(next);
    if (tried) setErrors(validateProgramme(next, null));
  };
  const setScenario = (k: number, patch: Partial<ScenarioDraft>) =>
    update({ ...values, scenarios: values.scenarios.map((s, i) => (i === k ? { ...s, ...patch } : s)) });
  const setKind = (k: number, kind: BudgetKind) => {
    const s = values.scenarios[k]!;
    const patch: Partial<ScenarioDraft> = { kind };
    if (kind === 'typed' && horizonOk) patch.years = yearsFrom(s, horizon);
    if (kind === 'rising' && s.rise === '') patch.rise = '3';
    setScenario(k, patch);
  };

  const err = (key: string) => {
    const code = errors[key];
    return code ? t(`programme.form.errors.${code}`) : undefined;
  };
  const serverRange = create.isError ? serverYearRange(create.error) : null;
  const yearError =
    err('startYear') ?? (serverRange ? t('programme.form.errors.yearBetween', serverRange) : undefined);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    const found = validateProgramme(values, null);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(toProgrammeInput(values, datasetId), { onSuccess: props.onCreated });
  };
  const money = <InputAdornment position="end">{props.currency}</InputAdornment>;

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={submit} data-testid="programme-form">
      <Typography variant="body2" color="text.secondary">
        {t('programme.form.hint', { dataset: props.datasetName })}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField
          label={t('programme.form.startYear')}
          value={values.startYear}
          onChange={(e) => update({ ...values, startYear: e.target.value })}
          error={yearError !== undefined}
          helperText={yearError ?? t('programme.form.startYearHint')}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'programme-start-year' } }}
          sx={{ width: 200 }}
          size="small"
          required
        />
        <TextField
          label={t('programme.form.horizon')}
          value={values.horizon}
          onChange={(e) => {
            const next = { ...values, horizon: e.target.value };
            const h = parseDecimal(e.target.value);
            if (Number.isInteger(h) && h >= PROGRAMME_LIMITS.horizon.min && h <= PROGRAMME_LIMITS.horizon.max)
              next.scenarios = values.scenarios.map((s) =>
                s.kind === 'typed' ? { ...s, years: fitYears(s.years, h) } : s,
              );
            update(next);
          }}
          error={errors.horizon !== undefined}
          helperText={
            err('horizon') ??
            t('programme.form.horizonHint', {
              min: PROGRAMME_LIMITS.horizon.min,
              max: PROGRAMME_LIMITS.horizon.max,
            })
          }
          slotProps={{
            htmlInput: { inputMode: 'numeric', 'data-testid': 'programme-horizon' },
            input: {
              endAdornment: <InputAdornment position="end">{t('programme.form.years')}</InputAdornment>,
            },
          }}
          sx={{ width: 200 }}
          size="small"
          required
        />
        <TextField
          select
          label={t('programme.form.strategy')}
          value={values.strategy}
          onChange={(e) => update({ ...values, strategy: e.target.value as ProgrammeFormValues['strategy'] })}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'programme-strategy' } as object } }}
          sx={{ minWidth: 280 }}
          size="small"
        >
          {STRATEGIES.map((s) => (
            <MenuItem key={s} value={s} data-testid={`programme-strategy-${s}`}>
              {t(`programme.strategy.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Typography variant="subtitle2" component="h3">
        {t('programme.form.scenarios', { currency: props.currency })}
      </Typography>
      {values.scenarios.map((s, k) => (
        <Paper key={k} variant="outlined" sx={{ p: 1.5 }} data-testid="programme-scenario">
          <Stack spacing={1.5}>
            <Stack
              direction="row"
              spacing={1.5}
              useFlexGap
              sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
            >
              <TextField
                label={t('programme.form.name')}
                value={s.name}
                onChange={(e) => setScenario(k, { name: e.target.value })}
                error={errors[`scenarios.${k}.name`] !== undefined}
                helperText={err(`scenarios.${k}.name`)}
                slotProps={{ htmlInput: { 'data-testid': `programme-name-${k}`, maxLength: 80 } }}
                size="small"
                sx={{ width: 200 }}
              />
              <ToggleButtonGroup
                exclusive
                size="small"
                value={s.kind}
                onChange={(_, kind: BudgetKind | null) => kind && setKind(k, kind)}
                aria-label={t('programme.form.budgetKind')}
              >
                {BUDGET_KINDS.map((kind) => (
                  <ToggleButton key={kind} value={kind} data-testid={`programme-kind-${k}-${kind}`}>
                    {t(`programme.form.kind.${kind}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              {s.kind !== 'typed' && (
                <TextField
                  label={s.kind === 'rising' ? t('programme.form.firstBudget') : t('programme.form.budget')}
                  value={s.amount}
                  onChange={(e) => setScenario(k, { amount: e.target.value })}
                  error={errors[`scenarios.${k}.amount`] !== undefined}
                  helperText={err(`scenarios.${k}.amount`)}
                  slotProps={{
                    htmlInput: { inputMode: 'decimal', 'data-testid': `programme-budget-${k}` },
                    input: { endAdornment: money },
                  }}
                  size="small"
                  sx={{ width: 220 }}
                />
              )}
              {s.kind === 'rising' && (
                <TextField
                  label={t('programme.form.rise')}
                  value={s.rise}
                  onChange={(e) => setScenario(k, { rise: e.target.value })}
                  error={errors[`scenarios.${k}.rise`] !== undefined}
                  helperText={err(`scenarios.${k}.rise`)}
                  slotProps={{
                    htmlInput: { inputMode: 'decimal', 'data-testid': `programme-rise-${k}` },
                    input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                  }}
                  size="small"
                  sx={{ width: 150 }}
                />
              )}
              <Box sx={{ flex: 1 }} />
              <IconButton
                aria-label={t('programme.form.remove', { name: s.name })}
                disabled={values.scenarios.length <= PROGRAMME_LIMITS.scenarios.min}
                onClick={() => update({ ...values, scenarios: values.scenarios.filter((_, i) => i !== k) })}
                data-testid={`programme-remove-${k}`}
              >
                <DeleteOutline />
              </IconButton>
            </Stack>
            {s.kind === 'typed' && horizonOk && (
              <Box
                role="group"
                aria-label={t('programme.form.perYear', { name: s.name })}
                data-testid={`programme-years-${k}`}
                sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(7.5em, 1fr))', gap: 1 }}
              >
                {fitYears(s.years, horizon).map((v, y) => {
                  const year = Number.isInteger(startYear) ? startYear + y : y + 1;
                  return (
                    <TextField
                      key={y}
                      label={String(year)}
                      value={v}
                      onChange={(e) => {
                        const years = fitYears(s.years, horizon);
                        years[y] = e.target.value;
                        setScenario(k, { years });
                      }}
                      size="small"
                      slotProps={{
                        htmlInput: {
                          inputMode: 'decimal',
                          'aria-label': t('programme.form.yearBudget', { year }),
                          'data-testid': `programme-year-${k}-${y}`,
                        },
                      }}
                    />
                  );
                })}
              </Box>
            )}
            {errors[`scenarios.${k}.years`] && (
              <Typography variant="caption" color="error">
                {err(`scenarios.${k}.years`)}
              </Typography>
            )}
          </Stack>
        </Paper>
      ))}
      {values.scenarios.length < PROGRAMME_LIMITS.scenarios.max && (
        <Button
          startIcon={<AddIcon />}
          onClick={() =>
            update({
              ...values,
              scenarios: [...values.scenarios, scenarioDraft(scenarioName(values.scenarios.length + 1))],
            })
          }
          sx={{ alignSelf: 'flex-start' }}
          data-testid="programme-add-scenario"
        >
          {t('programme.form.addScenario')}
        </Button>
      )}
      {create.isError && serverRange === null && (
        <Alert severity="error" data-testid="programme-form-error">
          {errorText(t, create.error, 'noAnalysis')}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button
          type="submit"
          variant="contained"
          disabled={!canPlan || create.isPending}
          data-testid="programme-submit"
        >
          {t('programme.form.submit')}
        </Button>
        {props.onCancel && <Button onClick={props.onCancel}>{t('common.cancel')}</Button>}
      </Stack>
    </Stack>
  );
}

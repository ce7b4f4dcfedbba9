// The standard repair cost per diameter tier d1–d6 (spec 001 §3/§9), prefilled from the client's defaults, in the
// unit they are given in (currency per m or per ft), with each tier's diameter band in the user's unit.
import { currencyDecimals, MM_PER_INCH } from '@pipewise/domain';
import InputAdornment from '@mui/material/InputAdornment';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { RepairCostUnitView } from '../../api/types.ts';
import { usePlanner } from '../../hooks/planner-context.tsx';
import { TIERS, type ProjectFormValues } from '../../lib/project-form.ts';
import { FormText } from '../ui/FormText.tsx';

/** Spec 001 §9 tier bands in inches: under 4, 4–8, 8–16, 16–24, 24–30, 30 or more. */
const BANDS_IN = [
  [null, 4],
  [4, 8],
  [8, 16],
  [16, 24],
  [24, 30],
  [30, null],
] as const;
const inMm = (inches: number | null) => (inches === null ? null : Math.round(inches * MM_PER_INCH));

export function RepairCostFields(props: {
  control: Control<ProjectFormValues>;
  unit: RepairCostUnitView | undefined;
}) {
  const { t } = useTranslation('planner');
  const { units } = usePlanner();
  const bands =
    units.diameter === 'in' ? BANDS_IN : BANDS_IN.map(([low, high]) => [inMm(low), inMm(high)] as const);
  const unitText = props.unit
    ? t('project.costUnit', { currency: props.unit.currency, length: props.unit.perLengthUnit })
    : '';
  const band = (i: number) => {
    const [low, high] = bands[i]!;
    if (low === null) return t('project.bandBelow', { value: high, unit: units.diameter });
    if (high === null) return t('project.bandAbove', { value: low, unit: units.diameter });
    return t('project.bandBetween', { low, high, unit: units.diameter });
  };
  return (
    <Box>
      <Typography variant="subtitle2">{t('project.repairCosts')}</Typography>
      <Typography variant="caption" color="text.secondary" data-testid="repair-cost-unit">
        {t('project.repairCostsHint', { unit: unitText })}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, mt: 1 }}>
        {TIERS.map((tier, i) => (
          <FormText
            key={tier}
            control={props.control}
            name={`repairCosts.${tier}`}
            label={`${tier.toUpperCase()} · ${band(i)}`}
            testId={`project-cost-${tier}`}
            numeric
            {...(props.unit && { decimals: currencyDecimals(props.unit.currency) })}
            end={unitText ? <InputAdornment position="end">{unitText}</InputAdornment> : undefined}
          />
        ))}
      </Box>
    </Box>
  );
}

// One cost of the cost master (001 §3) with the d1–d6 of the mode the analysis uses for it: each tier labelled with
// its diameter band in the user's unit, the amount in the scenario's currency and the cost's unit.
import InputAdornment from '@mui/material/InputAdornment';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AmountProblem } from '../../lib/cost-draft.ts';
import { TIERS, type CalculationMode, type CostKey, type ModeKey, type Tier } from '../../types.ts';

export interface CostTierCardProps {
  cost: CostKey;
  group: 'direct' | 'indirect';
  mode: ModeKey;
  values: CalculationMode<string>;
  /** The text of each tier's diameter band ('8 – 16 in'). */
  bands: Readonly<Record<Tier, string>>;
  currency: string;
  unit: string;
  problems: Partial<Record<Tier, AmountProblem>>;
  readOnly: boolean;
  onChange: (tier: Tier, text: string) => void;
}

export function CostTierCard(props: CostTierCardProps) {
  const { t } = useTranslation('cof');
  const { cost, values, bands } = props;
  const title = t(`costs.${cost}.title`);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`cost-${cost}`} data-mode={props.mode}>
      <Typography variant="overline" color="text.secondary">
        {t(`costs.group.${props.group}`)}
      </Typography>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(`costs.${cost}.description`)}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        sx={{ mt: 0.5 }}
        data-testid="cost-unit"
      >
        {t('costs.modeAndUnit', { mode: t(`modes.${props.mode}`), unit: props.unit })}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          // One row of six tiers on a desktop: a tier's band then sits in the same column for the three costs.
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            md: 'repeat(6, minmax(0, 1fr))',
          },
          gap: 1.5,
          mt: 1.5,
        }}
      >
        {TIERS.map((tier) => {
          const problem = props.problems[tier];
          const label = t('costs.tierLabel', { tier: tier.toUpperCase(), band: bands[tier] });
          return (
            <TextField
              key={tier}
              size="small"
              label={label}
              value={values[tier]}
              onChange={(e) => props.onChange(tier, e.target.value)}
              error={problem !== undefined}
              helperText={problem ? t(`validation.amount.${problem}`) : undefined}
              slotProps={{
                htmlInput: {
                  inputMode: 'decimal',
                  readOnly: props.readOnly,
                  'aria-label': t('costs.fieldName', { cost: title, tier: label, unit: props.unit }),
                  'data-testid': `cost-${cost}-${tier}`,
                },
                input: { endAdornment: <InputAdornment position="end">{props.currency}</InputAdornment> },
              }}
            />
          );
        })}
      </Box>
    </Paper>
  );
}

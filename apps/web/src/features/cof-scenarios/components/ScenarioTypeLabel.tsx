// The derived scenario type of 001 §4 (DEFAULT 0, HYDRAULIC 1, VALVE 2) in the user's words.
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { calculationKindOf } from '../lib/calculation.ts';
import type { ScenarioType } from '../types.ts';

export function ScenarioTypeLabel({ type }: { type: ScenarioType }) {
  const { t } = useTranslation('cof');
  const kind = calculationKindOf(type);
  return (
    <Chip
      size="small"
      label={t(`types.${kind}`)}
      data-testid="scenario-type"
      data-type={type}
      color={kind === 'standard' ? 'default' : 'info'}
    />
  );
}

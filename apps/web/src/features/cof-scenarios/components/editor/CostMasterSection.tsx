// The cost master (001 §3): the calculation type for the indirect costs, then each cost's d1–d6 in the mode the
// analysis uses for it, with the tier bands in the user's unit and the amounts in the scenario's money.
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  activeModeKey,
  calculationKindOf,
  costsOf,
  scenarioType,
  type CalculationKind,
} from '../../lib/calculation.ts';
import { COSTS, costUnit, type ScenarioMoney } from '../../lib/cost-units.ts';
import type { AmountProblem, TierIssue } from '../../lib/cost-draft.ts';
import { tierBandLabels } from '../../lib/tier-bands.ts';
import type { CofViewer } from '../../lib/viewer.ts';
import type { CostKey, CostMasterDraft, ModeKey, Tier } from '../../types.ts';
import { CalculationTypeField } from './CalculationTypeField.tsx';
import { CostTierCard } from './CostTierCard.tsx';

export interface CostMasterSectionProps {
  costMaster: CostMasterDraft;
  issues: TierIssue[];
  money: ScenarioMoney;
  viewer: CofViewer;
  readOnly: boolean;
  onKind: (kind: CalculationKind) => void;
  onTier: (cost: CostKey, mode: ModeKey, tier: Tier, text: string) => void;
}

export function CostMasterSection(props: CostMasterSectionProps) {
  const { t } = useTranslation('cof');
  const { costMaster, viewer } = props;
  const bands = useMemo(
    () => tierBandLabels(t, viewer.language, viewer.unitSystem),
    [t, viewer.language, viewer.unitSystem],
  );
  const kind = calculationKindOf(scenarioType(costMaster));
  const problems = (cost: CostKey, mode: ModeKey) => {
    const out: Partial<Record<Tier, AmountProblem>> = {};
    for (const i of props.issues) if (i.cost === cost && i.mode === mode) out[i.tier] = i.problem;
    return out;
  };
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('editor.costMaster')}
        </Typography>
        <CalculationTypeField value={kind} readOnly={props.readOnly} onChange={props.onKind} />
      </Paper>
      <Stack spacing={2}>
        {COSTS.map(({ key, group }) => {
          const mode = activeModeKey(costMaster, key);
          return (
            <CostTierCard
              key={key}
              cost={key}
              group={group}
              mode={mode}
              values={costsOf(costMaster, key)[mode]}
              bands={bands}
              currency={props.money.currency}
              unit={costUnit(t, key, props.money)}
              problems={problems(key, mode)}
              readOnly={props.readOnly}
              onChange={(tier, text) => props.onTier(key, mode, tier, text)}
            />
          );
        })}
      </Stack>
    </Stack>
  );
}

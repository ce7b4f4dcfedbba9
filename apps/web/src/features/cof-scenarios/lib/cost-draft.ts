// The cost master while the user edits it: every d1–d6 as typed text, checked on save (001 §3 values are money,
// non-negative; the wire caps them at 1e12). A comma works as the decimal separator, as European users type one.
import { parseDecimalComma } from '@pipewise/domain';
import { COSTS } from './cost-units.ts';
import { costsOf, withCosts } from './calculation.ts';
import {
  TIERS,
  type CalculationMode,
  type CostCalculations,
  type CostKey,
  type CostMaster,
  type CostMasterDraft,
  type CostMasterOf,
  type ModeKey,
  type Tier,
} from '../types.ts';

export const MAX_AMOUNT = 1e12;
const MODES: readonly ModeKey[] = ['standardCalculation', 'hydraulicCalculation', 'valveCalculation'];

export type AmountProblem = 'required' | 'number' | 'negative' | 'tooLarge';

/** One bad value, named by where it sits, so the message can name the field. */
export interface TierIssue {
  cost: CostKey;
  mode: ModeKey;
  tier: Tier;
  problem: AmountProblem;
}

function mapModes<A, B>(
  costMaster: CostMasterOf<A>,
  f: (mode: CalculationMode<A>) => CalculationMode<B>,
): CostMasterOf<B> {
  const costs = (c: CostCalculations<A>): CostCalculations<B> => ({
    standardCalculation: f(c.standardCalculation),
    hydraulicCalculation: f(c.hydraulicCalculation),
    valveCalculation: f(c.valveCalculation),
  });
  return {
    directCost: { intenseRepairRoadType: costs(costMaster.directCost.intenseRepairRoadType) },
    indirectCost: {
      customerNoWater: costs(costMaster.indirectCost.customerNoWater),
      criticalFacilities: costs(costMaster.indirectCost.criticalFacilities),
    },
  };
}

function mapTiers<A, B>(mode: CalculationMode<A>, f: (value: A) => B): CalculationMode<B> {
  const out = { enabled: mode.enabled } as CalculationMode<B>;
  for (const tier of TIERS) out[tier] = f(mode[tier]);
  return out;
}

export function toDraft(costMaster: CostMaster): CostMasterDraft {
  return mapModes(costMaster, (mode) => mapTiers(mode, (v) => String(v)));
}

/** An amount typed by the user: a number of 0 or more, or what is wrong with it. */
export function parseAmount(text: string): number | AmountProblem {
  if (text.trim() === '') return 'required';
  const value = parseDecimalComma(text.trim());
  if (!Number.isFinite(value)) return 'number';
  if (value < 0) return 'negative';
  if (value > MAX_AMOUNT) return 'tooLarge';
  return value;
}

export function setTierText(
  draft: CostMasterDraft,
  cost: CostKey,
  mode: ModeKey,
  tier: Tier,
  text: string,
): CostMasterDraft {
  const costs = costsOf(draft, cost);
  return withCosts(draft, cost, { ...costs, [mode]: { ...costs[mode], [tier]: text } });
}

/** Every bad value, in the editor's order (cost, mode, tier). */
export function draftIssues(draft: CostMasterDraft): TierIssue[] {
  const issues: TierIssue[] = [];
  for (const { key: cost } of COSTS) {
    for (const mode of MODES) {
      for (const tier of TIERS) {
        const parsed = parseAmount(costsOf(draft, cost)[mode][tier]);
        if (typeof parsed === 'string') issues.push({ cost, mode, tier, problem: parsed });
      }
    }
  }
  return issues;
}

/** The cost master to send, or null while any value is bad. */
export function fromDraft(draft: CostMasterDraft): CostMaster | null {
  if (draftIssues(draft).length > 0) return null;
  return mapModes(draft, (mode) => mapTiers(mode, (text) => parseAmount(text) as number));
}

// One pipe again, after a user corrects its install year, material or diameter, without a new analysis (issue 14:
// "a pipe edit is cheap"). The stored model scores the pipe as of the same instant as its peers (no retraining), and
// its break is priced with the outage its segment had: an attribute changes neither the network's topology nor its
// valves, so the customers left without water and the facilities cut off are the stored ones. What the edit does not
// redo until the next full analysis: the imputation of the pipe's neighbours, the hydraulic outages (a diameter edit
// in hydraulic mode is therefore a full analysis: the server's rule) and the other pipes' ranks and levels, which
// move by at most one place per edit.
import {
  type CalculationKind,
  type CofScenario,
  calculationKindOf,
  scenarioType,
  switchCalculation,
} from '../cof/scenario.ts';
import { defaultCofScenario } from '../cof/defaults.ts';
import { areaMembersOf, customAmounts } from '../cof/custom.ts';
import { levelOf } from '../cof/levels.ts';
import { facilityWeightOf, pipePricer } from '../cof/pipe-price.ts';
import { indexBreaks } from '../lof/history.ts';
import { scoreLof } from '../lof/score.ts';
import { remainingUsefulLife } from '../rul/rul.ts';
import { COF_OUTAGE_BASIS_KEYS, priceBasisRecord } from './cof-basis.ts';
import { COF_DETAIL_KEYS } from './cof-stage.ts';
import { cofPipeOf } from './cof-inputs.ts';
import { attributeRow } from './lof-attributes.ts';
import { lofPipeOf, resultOf } from './lof-stage.ts';
import type { DatasetPipe, LofScoring, PipeCofResult, PipeLofResult, PipeValues } from './types.ts';

/** A pipe's LOF figures from the stored model; its rank and break share are the caller's (rank.ts rankAmong). */
export type RescoredLof = Omit<PipeLofResult, 'rank' | 'cumBreaks'>;

export function rescorePipeLof(
  scoring: LofScoring,
  pipe: DatasetPipe,
  values: PipeValues,
  breakDatesMs: readonly number[],
): RescoredLof {
  const lofPipe = lofPipeOf(pipe, values, attributeRow(pipe, scoring.model.context.attributes));
  // The pipe's own breaks only: its features read no other pipe's history (lof/features.ts).
  const history = indexBreaks(
    [lofPipe],
    breakDatesMs.map((dateMs) => ({ pipeId: pipe.id, dateMs })),
  );
  const [scored] = scoreLof(scoring.model, [lofPipe], history, scoring.asOfYear).pipes;
  const [rul] = remainingUsefulLife(scoring.model, [lofPipe], history, scoring.asOfYear, scoring.rul);
  const { rank: _rank, cumBreaks: _share, ...figures } = resultOf(scored!, rul ?? null);
  return figures;
}

/** What the served COF stage stored of the pipe, and how it priced the network. */
export interface StoredCof {
  /** The scenario now enabled, or null for the country default (as the COF stage chooses). */
  readonly scenario: CofScenario | null;
  readonly country: string;
  /** The stage's calculation (cof summary): valve where a hydraulic scenario fell back. */
  readonly calculation: CalculationKind;
  readonly levelBreaks: readonly number[];
  readonly breLevelBreaks: readonly number[];
  /** The pipe's stored details: customers without water and the critical-facility cost… */
  readonly customersWithoutWater: number;
  readonly criticalFacilities: number;
  /** …and the diameter they were priced at. */
  readonly diameterMm: number | null;
  /** The pipe's stored COF record: its outage's basis (cof-basis.ts COF_OUTAGE_BASIS_KEYS) is kept. */
  readonly record?: Readonly<Record<string, number>>;
}

/**
 * The COF and BRE of a pipe in service (an abandoned one changes the network: a whole analysis) at its new values, levelled by the served quintiles; null when the stored figures cannot
 * say what the outage costs at the new diameter (a zero critical-facility rate hides the facilities' weight): the
 * caller then runs the whole analysis.
 */
export function repriceCofPipe(
  pipe: DatasetPipe,
  values: PipeValues,
  lof12: number | null,
  areaIds: readonly string[],
  stored: StoredCof,
): PipeCofResult | null {
  const enabled = stored.scenario ?? defaultCofScenario(stored.country);
  const scenario =
    calculationKindOf(scenarioType(enabled.costMaster)) === stored.calculation
      ? enabled
      : { ...enabled, costMaster: switchCalculation(enabled.costMaster, stored.calculation) };
  const facilityWeight = facilityWeightOf(
    scenario,
    stored.calculation,
    stored.diameterMm,
    stored.criticalFacilities,
  );
  const custom = customAmounts(
    scenario.customCofs,
    [{ id: pipe.id, ...values, roadType: pipe.roadType ?? null }],
    areaMembersOf(
      scenario.customCofs,
      areaIds.map((areaId) => ({ areaId, pipeIds: [pipe.id] })),
    ),
  ).get(pipe.id);
  const figures = { pipeId: pipe.id, ...values, lof12, lofAbsolute12: null, riskDrivers: [] };
  const cofPipe = custom ? { ...cofPipeOf(pipe, figures), custom } : cofPipeOf(pipe, figures);
  const price = pipePricer(scenario, stored.calculation)(cofPipe, {
    customers: stored.customersWithoutWater,
    facilityWeight: facilityWeight ?? 1,
  });
  // An unknown weight matters only where the new diameter's rate is not zero too.
  if (facilityWeight === null && price.criticalFacilities !== 0) return null;
  const { diameterTier: _tier, basis, ...money } = price;
  const details: Record<string, number> = { ...money, customersWithoutWater: stored.customersWithoutWater };
  const outageBasis = COF_OUTAGE_BASIS_KEYS.flatMap((k) =>
    typeof stored.record?.[k] === 'number' ? [[k, stored.record[k]] as const] : [],
  );
  const bre = lof12 === null ? null : lof12 * price.cofTotal;
  return {
    pipeId: pipe.id,
    cofTotal: price.cofTotal,
    cofLevel: levelOf(price.cofTotal, stored.levelBreaks),
    cof: {
      ...Object.fromEntries(COF_DETAIL_KEYS.map((k) => [k, details[k]!])),
      ...priceBasisRecord(basis, stored.calculation),
      ...Object.fromEntries(outageBasis),
    },
    bre,
    breLevel: bre === null ? null : levelOf(bre, stored.breLevelBreaks),
  };
}

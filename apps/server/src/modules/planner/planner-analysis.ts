// What planning on risk needs (spec 001 §6; docs/api-planner.md): a dataset whose analysis has run, and the
// subscription of the risk criterion chosen (LOF for lof; BRE, with COF, for bre).
import type { RiskCriterion } from '@pipewise/domain';
import { AppError, forbidden } from '../../lib/errors.ts';
import { datasetNotFound } from '../assets/scope.ts';
import { findServedDataset } from '../assets/viewer.repository.ts';
import type { PlannerScope } from './planner-scope.ts';

export function assertCriterion(scope: PlannerScope, criterion: RiskCriterion): void {
  if (criterion === 'bre' && scope.gates.bre !== 'open') {
    throw forbidden('Planning on total risk (BRE) needs the BRE and COF subscriptions.');
  }
  if (criterion === 'lof' && !scope.gates.lof) throw forbidden('Planning on LOF needs the LOF subscription.');
}

/** The dataset with its served analysis: 404 when not visible, 409 when no analysis has completed yet. */
export async function analysedDataset(scope: PlannerScope, datasetId: number) {
  const dataset = await findServedDataset(scope.tx, datasetId);
  if (!dataset) throw datasetNotFound();
  if (!dataset.analysis) {
    throw new AppError(
      409,
      'CONFLICT',
      'This dataset has no risk results yet: its analysis must run (and complete) before planning.',
    );
  }
  return { ...dataset, analysis: dataset.analysis };
}

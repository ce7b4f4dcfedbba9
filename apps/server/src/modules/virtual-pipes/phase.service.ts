// The virtual-pipe phase workflow (spec 001 §4 INIT 0 → FINALIZED 1 → MERGED 2; §7 sampling_test, verified_pipes,
// merge; docs/api-virtual-pipes.md):
//  - drawing the sampling test (INIT or FINALIZED, a redraw replaces the sample) finalizes the imputation: a
//    stratified random sample of imputed pipes for the utility to verify in the field;
//  - verified_pipes (FINALIZED) records the true values found, with the model's value at that moment;
//  - the report gives the imputation accuracy on the verified SAMPLED pipes (an unbiased estimate: pipes the
//    utility chose to check are not a random sample) with a 95 % Wilson interval;
//  - merge (FINALIZED → MERGED) makes verified and overridden values the provided ones and queues one analysis,
//    which re-imputes what is still missing from the larger set of known values.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { can, VIRTUAL_ATTRIBUTES, VIRTUAL_PIPE_PHASE } from '@pipewise/domain';
import type {
  AttributeAccuracy,
  MergeBody,
  MergeResult,
  SamplingTest,
  SamplingTestBody,
  VerifiedPipes,
  VerifiedPipesBody,
  VirtualAttribute,
} from '@pipewise/domain';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { queueAnalysis, sendAnalysis } from '../analysis/analysis-queue.ts';
import { inDataset } from '../assets/scope.ts';
import { iso } from '../assets/viewer.ts';
import { assertMayEdit, assertVp, yearBinOf } from './edit-gate.ts';
import * as repo from './phase.repository.ts';
import { stratifiedSample, wilsonInterval } from './sampling.ts';
import { findVirtualPipe } from './virtual-pipes.repository.ts';
import { categoryOf, toRow } from './virtual-pipes.service.ts';

const PHASE_NAMES = ['INIT', 'FINALIZED', 'MERGED'];
const wrongPhase = (phase: number, action: string) =>
  new AppError(
    409,
    'CONFLICT',
    `Cannot ${action} while the virtual pipes are ${PHASE_NAMES[phase] ?? phase}.`,
  );

function accuracyOf(state: repo.VirtualPipeState, yearBin: number): SamplingTest['accuracy'] {
  const sampled = new Set(state.sample?.pipeIds ?? []);
  const one = (a: VirtualAttribute): AttributeAccuracy => {
    const checks = Object.entries(state.verified ?? {}).flatMap(([id, byAttribute]) => {
      const v = byAttribute[a];
      // Only what was imputed when checked measures the imputation; an override measures the user.
      return sampled.has(Number(id)) && v && v.status === 1 && v.imputed !== null ? [v] : [];
    });
    const correct = checks.filter(
      (v) => categoryOf(a, v.value, yearBin) === categoryOf(a, v.imputed!, yearBin),
    ).length;
    const n = checks.length;
    const ci = n ? wilsonInterval(correct, n) : null;
    return {
      verified: n,
      correct,
      accuracy: n ? correct / n : null,
      ci_low: ci?.low ?? null,
      ci_high: ci?.high ?? null,
    };
  };
  return {
    diameter: one('diameter'),
    install_year: one('install_year'),
    material_type_code: one('material_type_code'),
  };
}

/** Sampled pipes with a value recorded in the field (any attribute, confirmed or corrected). */
function sampleCounts(state: repo.VirtualPipeState) {
  const verified = new Set(Object.keys(state.verified ?? {}).map(Number));
  const ids = state.sample?.pipeIds ?? [];
  const done = ids.filter((id) => verified.has(id)).length;
  return { size: ids.length, verified: done, unverified: ids.length - done };
}

const OVERRIDE_KEYS = {
  diameter: 'diameterMm',
  install_year: 'installYear',
  material_type_code: 'materialTypeCode',
} as const;

/** The field values as the override keys the merge writes them under. */
const verifiedOverrides = (state: repo.VirtualPipeState) =>
  Object.entries(state.verified ?? {}).map(([id, byAttribute]) => ({
    id: Number(id),
    overrides: Object.fromEntries(
      VIRTUAL_ATTRIBUTES.flatMap((a) => (byAttribute[a] ? [[OVERRIDE_KEYS[a], byAttribute[a].value]] : [])),
    ),
  }));

async function report(
  tx: Db,
  datasetId: number,
  phase: number,
  state: repo.VirtualPipeState,
  yearBin: number,
): Promise<SamplingTest> {
  const s = state.sample;
  const counts = sampleCounts(state);
  const o = state.mergeOverride;
  const nothing = { pipes: 0, diameter: 0, install_year: 0, material_type_code: 0 };
  return {
    phase,
    sample: s
      ? {
          seed: s.seed,
          size: s.size,
          drawn_at: s.drawnAt,
          pipe_ids: s.pipeIds,
          strata: s.strata,
          verified: counts.verified,
          unverified: counts.unverified,
        }
      : null,
    accuracy: accuracyOf(state, yearBin),
    // After the merge the overrides are gone: nothing is left to merge.
    merge_preview:
      phase === VIRTUAL_PIPE_PHASE.MERGED
        ? nothing
        : await repo.mergePreview(tx, datasetId, verifiedOverrides(state)),
    merge_override: o
      ? {
          user_id: o.by,
          user_email: o.email,
          at: iso(o.at)!,
          unverified: o.unverified,
          sample_size: o.sampleSize,
          reason: o.reason,
        }
      : null,
  };
}

export const getSamplingTest = (deps: Deps, me: AuthUser, datasetId: number) =>
  inDataset(deps, me, datasetId, async ({ tx, dataset }) => {
    const { phase, state } = await repo.readState(tx, datasetId);
    return report(tx, datasetId, phase, state, yearBinOf(dataset.analysis?.imputeSummary));
  });

export async function drawSamplingTest(deps: Deps, me: AuthUser, datasetId: number, body: SamplingTestBody) {
  assertMayEdit(me);
  return inDataset(deps, me, datasetId, async ({ tx, dataset, viewer }) => {
    assertVp(viewer);
    const { phase, state } = await repo.lockState(tx, datasetId);
    if (phase === VIRTUAL_PIPE_PHASE.MERGED) throw wrongPhase(phase, 'draw a sampling test');
    const candidates = await repo.imputedPipes(tx, datasetId);
    if (!candidates.length) {
      throw fieldError('VALIDATION', 'The dataset has no imputed pipes to sample.', 'size', 'imputed');
    }
    const seed = body.seed ?? randomInt(0, 2 ** 32 - 1);
    const { pipeIds, strata } = stratifiedSample(candidates, body.size, seed);
    const next: repo.VirtualPipeState = {
      ...state,
      sample: { seed, size: pipeIds.length, drawnAt: new Date().toISOString(), pipeIds, strata },
    };
    await repo.saveState(tx, datasetId, next, VIRTUAL_PIPE_PHASE.FINALIZED);
    return report(
      tx,
      datasetId,
      VIRTUAL_PIPE_PHASE.FINALIZED,
      next,
      yearBinOf(dataset.analysis?.imputeSummary),
    );
  });
}

export const listVerified = (deps: Deps, me: AuthUser, datasetId: number) =>
  inDataset(deps, me, datasetId, async ({ tx }): Promise<VerifiedPipes> => {
    const { state } = await repo.readState(tx, datasetId);
    return { verified_pipes: verifiedRows(state) };
  });

const verifiedRows = (state: repo.VirtualPipeState) =>
  Object.entries(state.verified ?? {})
    .flatMap(([id, byAttribute]) =>
      VIRTUAL_ATTRIBUTES.flatMap((attribute) => {
        const v = byAttribute[attribute];
        return v
          ? [
              {
                pipe_id: Number(id),
                attribute,
                value: v.value,
                imputed: v.imputed,
                status: v.status,
                confirmed: v.confirmed ?? false,
                verified_at: iso(v.verifiedAt)!,
              },
            ]
          : [];
      }),
    )
    .sort((a, b) => a.pipe_id - b.pipe_id);

/**
 * All or nothing: an unknown pipe is a 404, a provided attribute a 400, and nothing is recorded. Without a value the
 * value in use is confirmed (400 when it has none: an unknown value can only be corrected).
 */
export async function recordVerified(deps: Deps, me: AuthUser, datasetId: number, body: VerifiedPipesBody) {
  assertMayEdit(me);
  return inDataset(deps, me, datasetId, async ({ tx, dataset, viewer }): Promise<VerifiedPipes> => {
    assertVp(viewer);
    const { phase, state } = await repo.lockState(tx, datasetId);
    if (phase !== VIRTUAL_PIPE_PHASE.FINALIZED) throw wrongPhase(phase, 'record verified pipes');
    const yearBin = yearBinOf(dataset.analysis?.imputeSummary);
    const verified = { ...state.verified };
    const now = new Date().toISOString();
    for (const v of body.verifications) {
      const rec = await findVirtualPipe(tx, datasetId, v.pipe_id);
      if (!rec) throw notFound(`Pipe not found: ${v.pipe_id}.`);
      const current = toRow(rec, yearBin)[v.attribute];
      if (current.status === 0) {
        throw fieldError(
          'VALIDATION',
          `Pipe ${v.pipe_id} has a provided ${v.attribute}: only virtual attributes are verified.`,
          'verifications',
          'virtual',
        );
      }
      const value = 'value' in v ? v.value : current.value;
      if (value === null) {
        throw fieldError(
          'VALIDATION',
          `Pipe ${v.pipe_id} has no ${v.attribute} to confirm: record the value found in the field.`,
          'verifications',
          'required',
        );
      }
      const confirmed =
        current.value !== null &&
        categoryOf(v.attribute, value, yearBin) === categoryOf(v.attribute, current.value, yearBin);
      verified[v.pipe_id] = {
        ...verified[v.pipe_id],
        [v.attribute]: {
          value,
          imputed: current.imputed,
          status: current.status,
          verifiedAt: now,
          by: me.id,
          confirmed,
        },
      };
    }
    const next = { ...state, verified };
    await repo.saveState(tx, datasetId, next);
    return { verified_pipes: verifiedRows(next) };
  });
}

/**
 * The merge needs the drawn sample verified in the field (issue 38): while sampled pipes have no field value it
 * answers 409 naming how many, unless an administrator overrides with a reason, which is recorded (who, when, how
 * many were unverified, why) in the dataset's virtual-pipe state and the log.
 */
export async function mergeVirtualPipes(
  deps: Deps,
  me: AuthUser,
  datasetId: number,
  body?: MergeBody,
): Promise<MergeResult> {
  assertMayEdit(me);
  const override = body?.override;
  if (override && !can(me, 'manageClient')) {
    throw forbidden('Only an administrator can merge a sample that is not verified in the field.');
  }
  const { merged, job, unverified } = await inDataset(deps, me, datasetId, async ({ tx, viewer }) => {
    assertVp(viewer);
    const { phase, state } = await repo.lockState(tx, datasetId);
    if (phase !== VIRTUAL_PIPE_PHASE.FINALIZED) throw wrongPhase(phase, 'merge');
    const counts = sampleCounts(state);
    if (counts.unverified > 0 && !override) {
      throw new AppError(
        409,
        'CONFLICT',
        `${counts.unverified} of the ${counts.size} sampled pipes are not verified in the field: verify them ` +
          'before merging, or an administrator can merge anyway with a reason.',
      );
    }
    let next = state;
    if (counts.unverified > 0 && override) {
      const [actor] = await tx.select({ email: users.email }).from(users).where(eq(users.id, me.id));
      next = {
        ...state,
        mergeOverride: {
          by: me.id,
          email: actor?.email ?? '',
          at: new Date().toISOString(),
          unverified: counts.unverified,
          sampleSize: counts.size,
          reason: override.reason,
        },
      };
    }
    const merged = await repo.mergeValues(tx, datasetId, verifiedOverrides(state));
    await repo.saveState(tx, datasetId, next, VIRTUAL_PIPE_PHASE.MERGED);
    const job = await queueAnalysis(tx, {
      clientId: me.clientId,
      datasetId,
      reason: 'override',
      userId: me.id,
    });
    return { merged, job, unverified: next.mergeOverride ? counts.unverified : 0 };
  });
  if (unverified > 0) {
    deps.log.warn(
      { datasetId, userId: me.id, unverified, reason: override?.reason },
      'virtual pipes merged with unverified sampled pipes (administrator override)',
    );
  }
  await sendAnalysis(deps.jobs, job).catch((err: unknown) =>
    deps.log.error({ err, analysisId: job.analysisId }, 'could not send the analysis job'),
  );
  return { phase: VIRTUAL_PIPE_PHASE.MERGED, merged, analysis_queued: true, unverified };
}

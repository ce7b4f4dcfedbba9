// The COF priced beside the LOF model (early-cof.ts): the stored COF, BRE and area figures are those of a run that
// priced after its LOF, and a scenario saved while the LOF model trained is the one the run prices with.
import { defaultCofScenario } from '@pipewise/engine';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runAnalysis } from '../src/modules/analysis/analysis.job.ts';
import { demoDataset, latestRun, q, queued } from './helpers/analysis-runs.ts';
import { forEachBackend, type Harness } from './helpers/harness.ts';

const SEED = 4242;

/** The run's log messages, to tell which way it priced. */
function recordingLog() {
  const messages: string[] = [];
  const note = (_obj: unknown, msg?: string) => {
    if (msg !== undefined) messages.push(msg);
  };
  const log = { info: note, warn: note, error: note, debug: note } as unknown as FastifyBaseLogger;
  return { log, messages };
}

const pipeFigures = (h: Harness, analysisId: number) =>
  q(
    h,
    sql`SELECT pipe_id, lof_12, cof_total, cof_level, cof, bre, bre_level FROM pipe_results
        WHERE analysis_id = ${analysisId} ORDER BY pipe_id`,
  );
const areaFigures = (h: Harness, analysisId: number) =>
  q(
    h,
    sql`SELECT area_id, pipes, length_m, lof_12, expected_breaks_12, top_risk_length_m, risk_drivers,
          total_cof, total_bre
        FROM area_results WHERE analysis_id = ${analysisId} ORDER BY area_id`,
  );
/**
 * A run of the demo town with a fixed seed, so two runs train the same model; its figures are read at once (a newer
 * run, once served, drops the older run's rows).
 */
async function run(h: Harness, opts: Parameters<typeof runAnalysis>[2]) {
  const { datasetId, clientId } = await demoDataset(h);
  const job = await queued(h, datasetId, clientId);
  await q(h, sql`UPDATE analyses SET seed = ${SEED} WHERE id = ${job.analysisId}`);
  expect(await runAnalysis(h.database, job, opts)).toBe(true);
  const id = job.analysisId;
  return {
    pipes: await pipeFigures(h, id),
    areas: await areaFigures(h, id),
    run: (await q(h, sql`SELECT cof_summary, cof_scenario_id FROM analyses WHERE id = ${id}`))[0]!,
  };
}

forEachBackend(
  'analysis: COF priced beside the LOF model',
  (h) => {
    describe('the demo town', () => {
      /** The run priced after its LOF with the demo scenario (the first story), the second's baseline too. */
      let after: Awaited<ReturnType<typeof run>>;

      it('stores the same COF, BRE and areas as a run that prices after its LOF', async () => {
        after = await run(h, { worker: 'test-after', earlyCof: 'never' });
        const { log, messages } = recordingLog();
        const beside = await run(h, { worker: 'test-beside', earlyCof: 'always', log });
        // Priced beside the model, and that pricing was used (no fallback).
        expect(messages).toContain('analysis: COF priced beside the LOF model');
        expect(messages.filter((m) => /early COF failed|priced again/.test(m))).toEqual([]);
        expect(after.pipes.length).toBeGreaterThan(300);
        // Same seed, same model: the comparison covers real BREs, not empty ones.
        expect(after.pipes.filter((r) => r['bre'] !== null && Number(r['bre']) > 0).length).toBeGreaterThan(
          300,
        );
        expect(beside.pipes).toEqual(after.pipes);
        expect(after.areas.length).toBeGreaterThan(0);
        expect(beside.areas).toEqual(after.areas);
        expect(beside.run['cof_summary']).toEqual(after.run['cof_summary']);
      }, 240_000);

      it('prices with a scenario saved while the LOF model trained, not the one read beside it', async () => {
        const { datasetId } = await demoDataset(h);
        const base = defaultCofScenario('US');
        // Doubled repair costs: every pipe's direct cost changes, so a stale early pricing would show.
        const costlier = {
          ...base,
          name: 'Saved during LOF',
          costMaster: JSON.parse(
            JSON.stringify(base.costMaster, (_k, v: unknown) => (typeof v === 'number' && v > 1 ? v * 2 : v)),
          ) as typeof base.costMaster,
        };
        let savedId = 0;
        const { log, messages } = recordingLog();
        const beside = await run(h, {
          worker: 'test-changed',
          earlyCof: 'always',
          log,
          onLofTrained: async () => {
            const [row] = await q(
              h,
              sql`INSERT INTO cof_scenarios (client_id, snapshot_group_id, name, enabled, country, scenario, updated_at)
                  SELECT d.client_id, s.group_id, 'Saved during LOF', true, 'US', ${JSON.stringify(costlier)}::jsonb,
                    now() + interval '1 minute'
                  FROM datasets d JOIN snapshots s ON s.id = d.snapshot_id WHERE d.id = ${datasetId}
                  RETURNING id`,
            );
            savedId = Number(row!['id']);
          },
        });
        expect(messages).toContain('analysis: the COF scenario changed during the LOF stage; priced again');
        expect(Number(beside.run['cof_scenario_id'])).toBe(savedId);
        expect(beside.run['cof_summary']).toMatchObject({ scenarioName: 'Saved during LOF' });
        // And the figures are that scenario's, not the early pricing's (which were the first story's): doubled
        // costs price every costed pipe higher.
        const before = new Map(after.pipes.map((r) => [r['pipe_id'], Number(r['cof_total'])]));
        const costed = beside.pipes.filter((r) => (before.get(r['pipe_id']) ?? 0) > 0);
        expect(costed.length).toBeGreaterThan(300);
        expect(costed.filter((r) => Number(r['cof_total']) <= before.get(r['pipe_id'])!)).toEqual([]);
        expect((await latestRun(h, datasetId))['stage']).toBe('complete');
      }, 240_000);
    });
  },
  { demoCityPipes: 400 },
);

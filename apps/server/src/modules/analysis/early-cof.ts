// COF priced while the LOF model trains (issue 41). The consequence of a pipe's failure reads its preprocess values,
// the network and the scenario, never its LOF: only BRE (LOF × COF) and the areas' aggregates do (engine withLof).
// A large run therefore prices its pipes in a thread of its own beside the LOF stage's two, and its COF stage only
// completes that result with the stored LOF. On two cores the three threads share them, so the COF's CPU fills the
// core the backtest leaves idle and the LOF write's waits, instead of running after them.
//
// The COF stage still decides what is priced: it re-reads the enabled scenario, as it always has (a scenario saved
// while the run was at LOF is the one it prices with: queueCofRerun relies on it), and uses the early result only
// when that scenario is the one the early pricing read. Otherwise, or if the early pricing failed, it prices again.
import { cofStageInputs, type CofStageResult, type DatasetInputs } from '@pipewise/engine';
import type { FastifyBaseLogger } from 'fastify';
import { computeInThread } from './compute-thread.ts';
import { enabledCofScenario, type Reader } from './load-inputs.ts';
import { readCofFigures } from './read-results.ts';

/**
 * Below this many pipes the COF stage takes a second or two: a third thread's start (~1 s of CPU, threads are kept
 * warm two at a time) would cost about what it saves.
 */
export const EARLY_COF_MIN_PIPES = 5_000;

/** The scenario an early pricing read, compared with the COF stage's own reading. */
export type ScenarioReading = { id: number; scenario: unknown } | null;

export function scenarioKey(reading: ScenarioReading): string {
  return JSON.stringify(reading === null ? null : [reading.id, reading.scenario]);
}

export interface EarlyCof {
  /** The early result when it was priced with the scenario the COF stage reads now; else null (price again). */
  take(now: ScenarioReading): Promise<CofStageResult | null>;
  /** The run ended (failed, superseded, stopped): end the pricing thread if it still runs. */
  abort(): void;
}

/** Starts the pricing from the run's stored preprocess results; any failure only means the COF stage prices. */
export function startEarlyCof(
  reader: Reader,
  run: { analysisId: number; datasetId: number; clientId: number },
  inputs: DatasetInputs,
  log?: FastifyBaseLogger,
): EarlyCof {
  const controller = new AbortController();
  const started = performance.now();
  const pricing = (async () => {
    const scenario = await enabledCofScenario(reader, run.datasetId);
    const { figures, preprocessSegments } = await readCofFigures(reader, run.analysisId);
    // Not scored yet, whatever an interrupted earlier attempt may have stored: the LOF comes in withLof.
    const unscored = figures.map((f) => ({ ...f, lof12: null, lofAbsolute12: null, riskDrivers: [] }));
    const result = await computeInThread(
      {
        stage: 'cof',
        inputs: { ...cofStageInputs(inputs), cofScenario: scenario?.scenario ?? null },
        figures: unscored,
        preprocessSegments,
        clientId: run.clientId,
      },
      controller.signal,
    );
    log?.info(
      { ...run, ms: Math.round(performance.now() - started) },
      'analysis: COF priced beside the LOF model',
    );
    return { key: scenarioKey(scenario), result };
  })().catch((err: unknown) => {
    if (!controller.signal.aborted)
      log?.warn({ ...run, err }, 'analysis: early COF failed; the COF stage prices');
    return null;
  });
  return {
    async take(now) {
      const early = await pricing;
      if (early === null) return null;
      if (early.key !== scenarioKey(now)) {
        log?.info(run, 'analysis: the COF scenario changed during the LOF stage; priced again');
        return null;
      }
      return early.result;
    },
    abort: () => controller.abort(new Error('the analysis run ended')),
  };
}

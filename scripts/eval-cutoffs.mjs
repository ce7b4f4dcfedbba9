// The eval's cutoff loop (scripts/eval.mjs): the peer protocol cutoff by cutoff, as peerProtocol runs it, keeping what
// each training made of the record, and the scikit-learn peer beside each cutoff's model when asked.
import { PEER_HORIZONS_YEARS } from '../packages/engine/src/index.ts';
import { countBetween, indexBreaks } from '../packages/engine/src/lof/history.ts';
import { calendarYear, coveredHorizons, peerCutoff } from '../packages/engine/src/lof/peer-protocol.ts';
import { expectedBreaksByYear } from '../packages/engine/src/lof/score.ts';
import { ThinRecordError } from '../packages/engine/src/lof/thin-record.ts';
import { sklearnPeerWindows } from './eval-sklearn.mjs';

/** peerByCutoff for these mains, calendar cutoffs, seed and attributes. */
export function peerByCutoffOf({ pipes, cutoffYears, seed: SEED, attributes }) {
  /**
   * The peer protocol cutoff by cutoff (what peerProtocol does), keeping what each training made of the record: its
   * panel's breaks per yearly cutoff, its trees, and the share of the scored mains on the model's most common score
   * (issue 40: a collapsed model gives many mains one identical score).
   */
  return function peerByCutoff(record, resamples, panel, { sklearn = null, years = cutoffYears } = {}) {
    const recordFull = indexBreaks(pipes, record);
    const windows = [];
    const trainings = [];
    const sklearnWindows = [];
    let sklearnSeconds = 0;
    for (const cutoffYear of years) {
      const covered = coveredHorizons(cutoffYear, PEER_HORIZONS_YEARS, recordFull);
      if (covered.length === 0) continue;
      const input = {
        pipes,
        breaks: record,
        attributes,
        seed: SEED,
        resamples,
        ...(panel ? { panel } : {}),
      };
      let cut;
      try {
        cut = peerCutoff(input, recordFull, cutoffYear, covered);
      } catch (error) {
        // A record too short for any training before this cutoff (issue 40's seven-year variant): reported, not hidden.
        if (!(error instanceof ThinRecordError)) throw error;
        trainings.push({ cutoffYear, skipped: error.message });
        continue;
      }
      const { model, windows: ws } = cut;
      windows.push(...ws);
      const mains = pipes.filter(
        (p) =>
          p.installYear != null && p.installYear < cutoffYear && Number.isFinite(p.lengthM) && p.lengthM > 0,
      );
      const history = indexBreaks(mains, record);
      if (sklearn?.python) {
        const started = performance.now();
        sklearnWindows.push(
          ...sklearnPeerWindows(sklearn, model, mains, history, cutoffYear, ws, resamples, SEED),
        );
        sklearnSeconds += (performance.now() - started) / 1000;
      }
      const indices = Uint32Array.from(mains.keys());
      const [expected] = expectedBreaksByYear(model, mains, history, calendarYear(cutoffYear), indices, 1);
      const counts = new Map();
      for (const e of expected) counts.set(e, (counts.get(e) ?? 0) + 1);
      const panelBreaks =
        model.training.breaksByCutoff ??
        model.training.cutoffYears.map((c) =>
          history.yearsByPipe.reduce((n, ys) => n + countBetween(ys, c, c + 1), 0),
        );
      trainings.push({
        cutoffYear,
        trees: model.training.trees,
        panelBreaksByYear: panelBreaks,
        validation: model.training.validation ?? null,
        largestTieShare: Math.max(...counts.values()) / expected.length,
        recalibration: model.training.recalibration ?? null,
        recordRule: model.training.recordRule ?? null,
      });
    }
    return { windows, trainings, sklearnWindows, sklearnSeconds };
  };
}

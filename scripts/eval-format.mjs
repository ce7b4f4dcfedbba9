// How `npm run eval` prints and pools the peer protocol's estimates (scripts/eval.mjs): tables' cells, the
// calibration line and the pooled calibration over windows.
import { PEER_MEASURES, PEER_RANKINGS } from '../packages/engine/src/index.ts';

export const pct = (x) => `${(100 * x).toFixed(1)} %`;
export const withInterval = (e, digits = 1, scale = 100) =>
  `${(scale * e.value).toFixed(digits)} [${(scale * e.low).toFixed(digits)}, ${(scale * e.high).toFixed(digits)}]`;
/**
 * One window's rows: each ranking, then the paired difference against previous breaks. "mains R@10%L": share of the
 * breaking mains on the top 10 % of length; "breaks R@10%L": share of the breaks there.
 */
export const measureCells = (e) => ({
  'P@1% %': withInterval(e.precisionAt1Pct),
  'mains R@10%L %': withInterval(e.mainsRecallAt10PctLength),
  'breaks R@10%L %': withInterval(e.breaksRecallAt10PctLength),
  AUC: withInterval(e.auc, 3, 1),
});
export const windowRows = (w, label) => [
  ...PEER_RANKINGS.map((r) => ({ window: label, ranking: r, ...measureCells(w.rankings[r]) })),
  { window: label, ranking: 'model − previous breaks', ...measureCells(w.modelMinusPreviousBreaks) },
];
export const ratio = (e) => (e ? `${e.value.toFixed(2)} [${e.low.toFixed(2)}, ${e.high.toFixed(2)}]` : '—');
/** The model's predicted ÷ observed counts over a window (peer-protocol.ts PeerCalibration). */
export const calibrationLine = (w) =>
  `predicted ${w.calibration.predictedBreaks.toFixed(1)} breaks, observed ${w.breaks}: ` +
  `${ratio(w.calibration.breaksRatio)}; breaking mains predicted ` +
  `${w.calibration.predictedBreakingMains.toFixed(1)}, observed ${w.breakingMains}: ` +
  `${ratio(w.calibration.breakingMainsRatio)}`;
/** Σ predicted ÷ Σ observed over windows, and the mean of their ratios. */
export function pooledCalibration(windows) {
  const sum = (f) => windows.reduce((a, w) => a + f(w), 0);
  const ratios = windows.map((w) => w.calibration.breaksRatio?.value).filter(Number.isFinite);
  return {
    windows: windows.length,
    predictedBreaks: sum((w) => w.calibration.predictedBreaks),
    observedBreaks: sum((w) => w.breaks),
    pooledBreaksRatio: sum((w) => w.calibration.predictedBreaks) / sum((w) => w.breaks),
    pooledBreakingMainsRatio: sum((w) => w.calibration.predictedBreakingMains) / sum((w) => w.breakingMains),
    meanBreaksRatio: ratios.reduce((a, b) => a + b, 0) / ratios.length,
    meanAbsLogBreaksRatio: ratios.reduce((a, b) => a + Math.abs(Math.log(b)), 0) / ratios.length,
  };
}
/** The point values of a window's estimates. */
export const valuesOf = (e) => Object.fromEntries(PEER_MEASURES.map((m) => [m, e[m].value]));
/** Point values as "P@1 % / mains R@10 % length / breaks R@10 % length / AUC". */
export const fourFigures = (m) =>
  `${pct(m.precisionAt1Pct)} / ${pct(m.mainsRecallAt10PctLength)} / ${pct(m.breaksRecallAt10PctLength)} / ` +
  `${m.auc.toFixed(3)}`;

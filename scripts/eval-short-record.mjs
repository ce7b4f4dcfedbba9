// Issue 40's short-history variant of `npm run eval`, and the scikit-learn peer's tables: Kitchener's break record cut
// to its last seven years (the breaks on or after the last break's date seven years earlier), trained at every
// calendar cutoff by the standard rule (panel option shortRecordRule false: what shipped before) and by the
// short-record rule (lof/short-record.ts), beside the full record's model, the scikit-learn peer on the short rule's
// panel and the raw rankings of the cut record, with the calibration (predicted ÷ observed) of each model. A cutoff
// the cut record cannot train for is listed with the reason.
import { averageOverCutoffs, PEER_HORIZONS_YEARS } from '../packages/engine/src/index.ts';

const RECORD_YEARS = 7;
const pct = (x) => `${(100 * x).toFixed(1)}`;
const cell = (e) =>
  e
    ? `${pct(e.precisionAt1Pct.value)} / ${pct(e.mainsRecallAt10PctLength.value)} / ` +
      `${pct(e.breaksRecallAt10PctLength.value)} / ${e.auc.value.toFixed(3)} ` +
      `[${e.auc.low.toFixed(3)}, ${e.auc.high.toFixed(3)}]`
    : '—';
const ratio = (c) =>
  c?.breaksRatio
    ? `${c.predictedBreaks.toFixed(1)}: ${c.breaksRatio.value.toFixed(2)} ` +
      `[${c.breaksRatio.low.toFixed(2)}, ${c.breaksRatio.high.toFixed(2)}]`
    : '—';
const at = (windows, w) =>
  windows.find((x) => x.cutoffYear === w.cutoffYear && x.horizonYears === w.horizonYears);
/** Point means of the four figures over windows of one horizon. */
function means(windows, horizon, pick) {
  const mine = windows.filter((w) => w.horizonYears === horizon);
  if (mine.length === 0) return null;
  const mean = (m) => mine.reduce((a, w) => a + pick(w)[m].value, 0) / mine.length;
  return Object.fromEntries(
    ['precisionAt1Pct', 'mainsRecallAt10PctLength', 'breaksRecallAt10PctLength', 'auc'].map((m) => [
      m,
      mean(m),
    ]),
  );
}
const four = (m) =>
  m
    ? `${pct(m.precisionAt1Pct)} / ${pct(m.mainsRecallAt10PctLength)} / ${pct(m.breaksRecallAt10PctLength)} / ` +
      `${m.auc.toFixed(3)}`
    : '—';

/** The scikit-learn peer beside the model and its calibration, every window of the full record. */
export function printSklearnPeer(peer, sklearnWindows) {
  if (sklearnWindows.length === 0) return;
  console.log(
    "\nscikit-learn peer (HistGradientBoostingRegressor, Poisson loss, the model's tree settings, its own early " +
      'stopping, one thread; same panel and mains ' +
      'as the model; 3 years = 3 × its one-year rate). P@1 % / mains R@10 %L / breaks R@10 %L / AUC [95 %]; ' +
      'predicted breaks: predicted ÷ observed [95 %].',
  );
  console.table(
    sklearnWindows.map((s) => {
      const w = at(peer, s);
      return {
        window: `${s.cutoffYear} +${s.horizonYears} y (${w.breaks} breaks)`,
        model: cell(w.rankings.model),
        'scikit-learn': `${cell(s.sklearn)} (${s.iterations} it.)`,
        'previous breaks': cell(w.rankings.previousBreaks),
        'model calibration': ratio(w.calibration),
        'scikit-learn calibration': ratio(s.calibration),
      };
    }),
  );
}

/**
 * The seven-year variant. `peerByCutoff(record, resamples, panel, { sklearn, years })` is the eval's cutoff loop;
 * `full` its windows on the full record; `years` every cutoff the full record reports.
 */
export function shortRecordVariant({ breaks, peerByCutoff, full, years, resamples, sklearn }) {
  const last = Math.max(...breaks.map((b) => b.dateMs));
  const d = new Date(last);
  const fromMs = Date.UTC(d.getUTCFullYear() - RECORD_YEARS, d.getUTCMonth(), d.getUTCDate());
  const record = breaks.filter((b) => b.dateMs >= fromMs);
  const from = new Date(fromMs).toISOString().slice(0, 10);
  const standard = peerByCutoff(record, resamples, { shortRecordRule: false }, { years });
  const short = peerByCutoff(record, resamples, undefined, { sklearn, years });
  console.log(
    `\nShort record: Kitchener's breaks from ${from} on (${record.length} of ${breaks.length}), the last ` +
      `${RECORD_YEARS} years. Each cutoff trained by the standard rule (before) and the short-record rule (now).`,
  );
  const describe = (t) =>
    t.skipped
      ? `no training: ${t.skipped}`
      : `${t.recordRule?.rule ?? 'standard'}: record ${t.recordRule?.recordYears.toFixed(1)} y, ` +
        `${t.panelBreaksByYear.length} yearly windows [${t.panelBreaksByYear.join(' ')}], ${t.trees} trees of depth ` +
        `${t.recordRule?.maxDepth}, ≥ ${t.recordRule?.minRowsLeaf} rows a leaf, validation ${t.validation?.rule}`;
  for (const year of years) {
    const b = standard.trainings.find((t) => t.cutoffYear === year);
    const a = short.trainings.find((t) => t.cutoffYear === year);
    if (!a && !b) {
      console.log(
        `  ${year}: the cut record starts on ${from}, after this cutoff: nothing before it to train on`,
      );
      continue;
    }
    console.log(`  ${year} before: ${describe(b)}`);
    console.log(`  ${year} now:    ${describe(a)}`);
  }
  console.log(
    'P@1 % / mains R@10 %L / breaks R@10 %L / AUC [95 %]; calibration: predicted breaks: predicted ÷ observed [95 %].',
  );
  console.table(
    short.windows.flatMap((w) => {
      const label = `${w.cutoffYear} +${w.horizonYears} y (${w.breakingMains}/${w.mains}, ${w.breaks} breaks)`;
      const before = at(standard.windows, w);
      const f = at(full, w);
      const s = at(short.sklearnWindows, w);
      return [
        {
          window: label,
          ranking: 'model, full record',
          figures: cell(f?.rankings.model),
          calibration: ratio(f?.calibration),
        },
        {
          window: label,
          ranking: 'model, 7 y, standard rule',
          figures: cell(before?.rankings.model),
          calibration: ratio(before?.calibration),
        },
        {
          window: label,
          ranking: 'model, 7 y, short rule',
          figures: cell(w.rankings.model),
          calibration: ratio(w.calibration),
        },
        {
          window: label,
          ranking: 'scikit-learn, 7 y',
          figures: cell(s?.sklearn),
          calibration: ratio(s?.calibration),
        },
        {
          window: label,
          ranking: 'previous breaks, 7 y',
          figures: cell(w.rankings.previousBreaks),
          calibration: '—',
        },
        { window: label, ranking: 'age', figures: cell(w.rankings.age), calibration: '—' },
      ];
    }),
  );
  const summary = Object.fromEntries(
    PEER_HORIZONS_YEARS.map((h) => {
      const cut = short.windows.filter((w) => w.horizonYears === h).map((w) => w.cutoffYear);
      const fullMeans = averageOverCutoffs(full, h, cut);
      return [
        h,
        {
          cutoffs: cut,
          fullRecordModel: fullMeans?.model ?? null,
          standardRule: means(standard.windows, h, (w) => w.rankings.model),
          shortRule: means(short.windows, h, (w) => w.rankings.model),
          sklearn: means(short.sklearnWindows, h, (w) => w.sklearn),
          previousBreaks: means(short.windows, h, (w) => w.rankings.previousBreaks),
          age: means(short.windows, h, (w) => w.rankings.age),
        },
      ];
    }),
  );
  for (const [h, m] of Object.entries(summary)) {
    console.log(
      `Short record, mean over ${m.cutoffs.join(', ')} at ${h} year(s): short rule ${four(m.shortRule)}; ` +
        `standard rule ${four(m.standardRule)}; scikit-learn ${four(m.sklearn)}; previous breaks ` +
        `${four(m.previousBreaks)}; age ${four(m.age)}; full-record model ${four(m.fullRecordModel)}`,
    );
  }
  return {
    record: `breaks on or after ${from} (the last ${RECORD_YEARS} years): ${record.length} of ${breaks.length}`,
    mean_over_cutoffs: summary,
    standard_rule: { trainings: standard.trainings, windows: standard.windows },
    short_rule: { trainings: short.trainings, windows: short.windows },
    sklearn: sklearn.python ? { version: sklearn.version, windows: short.sklearnWindows } : sklearn.reason,
  };
}

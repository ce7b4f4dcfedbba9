// The backtest of the model card (peer protocol): per held-out window, this model and the two raw rankings a utility
// would use without one, on each ranking measure with its bootstrap 95 % interval, the best per measure in bold,
// and the paired difference model − previous breaks. A card of an earlier version only says so.
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatNumber, formatPercent } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import type { ModelCardBody } from '../api/get-model-card.ts';
import {
  BACKTEST_METRICS,
  CANDIDATES,
  backtestFromEarlierVersion,
  backtestViews,
  type BacktestMetric,
  type BacktestView,
  type Estimate,
  type Verdict,
} from '../model-card.ts';

const VERDICT_COLOUR: Record<Verdict, string> = {
  above: 'success.main',
  below: 'error.main',
  straddles: 'text.secondary',
};

/** Percent measures in %, AUC with 3 decimals; `signed` puts a + before a positive difference. */
function useEstimateText() {
  const { i18n } = useTranslation('analysis');
  const language = i18n.language;
  const bare = (metric: BacktestMetric, v: number) =>
    metric === 'auc'
      ? formatNumber(v, language, { decimals: 3 })
      : formatNumber(v * 100, language, { decimals: 1 });
  const sign = (v: number, signed: boolean) => (signed && v > 0 ? '+' : '');
  return {
    value: (metric: BacktestMetric, v: number, signed = false) =>
      sign(v, signed) +
      (metric === 'auc'
        ? formatNumber(v, language, { decimals: 3 })
        : formatPercent(v * 100, { language, decimals: 1 })),
    interval: (metric: BacktestMetric, e: Estimate, signed = false) =>
      `[${sign(e.low, signed)}${bare(metric, e.low)}–${sign(e.high, signed)}${bare(metric, e.high)}]`,
  };
}

function EstimateText({
  metric,
  estimate,
  signed = false,
}: {
  metric: BacktestMetric;
  estimate: Estimate | null;
  signed?: boolean;
}) {
  const text = useEstimateText();
  if (estimate === null) return <>–</>;
  return (
    <>
      <span data-part="value">{text.value(metric, estimate.value, signed)}</span>
      <Typography
        component="span"
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', whiteSpace: 'nowrap' }}
        data-part="interval"
      >
        {text.interval(metric, estimate, signed)}
      </Typography>
    </>
  );
}

/** One held-out window. */
export function BacktestTable({ view }: { view: BacktestView }) {
  const { t, i18n } = useTranslation('analysis');
  const language = i18n.language;
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('backtest.window', { years: view.horizonYears, cutoff: view.cutoff, to: view.heldOutTo })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('backtest.counts', {
          count: view.heldOutBreaks,
          breaking: formatNumber(view.breakingMains, language),
          mains: formatNumber(view.mains, language),
          breaks: formatNumber(view.heldOutBreaks, language),
        })}
      </Typography>
      <Table size="small" data-testid={`backtest-${view.horizonYears}`}>
        <TableHead>
          <TableRow>
            <TableCell>{t('backtest.ranking')}</TableCell>
            {BACKTEST_METRICS.map((metric) => (
              <TableCell key={metric} align="right">
                {t(`backtest.metrics.${metric}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {CANDIDATES.map((c) => (
            <TableRow key={c} data-candidate={c}>
              <TableCell component="th" scope="row">
                {t(`backtest.candidates.${c}`)}
              </TableCell>
              {view.rows.map((row) => (
                <TableCell
                  key={row.metric}
                  align="right"
                  data-best={row.best === c ? 'true' : undefined}
                  sx={{ fontWeight: row.best === c ? 700 : undefined }}
                >
                  <EstimateText metric={row.metric} estimate={row.values[c]} />
                </TableCell>
              ))}
            </TableRow>
          ))}
          <TableRow data-candidate="modelMinusPreviousBreaks">
            <TableCell component="th" scope="row">
              {t('backtest.difference')}
            </TableCell>
            {view.modelMinusPreviousBreaks.map((cell) => (
              <TableCell key={cell.metric} align="right" data-verdict={cell.verdict ?? undefined}>
                <EstimateText metric={cell.metric} estimate={cell.difference} signed />
                {cell.verdict && (
                  <Typography
                    component="span"
                    variant="caption"
                    sx={{ display: 'block', color: VERDICT_COLOUR[cell.verdict] }}
                  >
                    {t(`backtest.verdicts.${cell.verdict}`)}
                  </Typography>
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
      {view.calibration && (
        // Issue 40: the counts feed the programme and the planner, so how they compare with the window matters too.
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 1 }}
          data-testid={`backtest-calibration-${view.horizonYears}`}
        >
          {t('backtest.calibration', {
            predicted: formatNumber(view.calibration.predictedBreaks, language, { decimals: 0 }),
            observed: formatNumber(view.heldOutBreaks, language),
            ratio: formatNumber(view.calibration.breaksRatio.value, language, { decimals: 2 }),
            low: formatNumber(view.calibration.breaksRatio.low, language, { decimals: 2 }),
            high: formatNumber(view.calibration.breaksRatio.high, language, { decimals: 2 }),
          })}
        </Typography>
      )}
    </>
  );
}

/** Every window of the card's backtest with the caption once, or the note that it is from an earlier version. */
export function BacktestSection({ card }: { card: ModelCardBody | null | undefined }) {
  const { t } = useTranslation('analysis');
  const views = backtestViews(card);
  return (
    <>
      {views.map((view) => (
        <BacktestTable key={`${view.horizonYears}-${view.cutoff}`} view={view} />
      ))}
      {views.length > 0 && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('backtest.caption')}
        </Typography>
      )}
      {backtestFromEarlierVersion(card) && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="backtest-outdated">
          {t('backtest.outdated')}
        </Typography>
      )}
    </>
  );
}

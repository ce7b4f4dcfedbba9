// One held-out window of the backtest: the model against the two baselines on each ranking metric.
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatNumber, formatPercent } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { CANDIDATES, type BacktestView } from '../model-card.ts';

export function BacktestTable({ view }: { view: BacktestView }) {
  const { t, i18n } = useTranslation('analysis');
  const language = i18n.language;
  const show = (metric: string, v: number | null) =>
    v === null
      ? '–'
      : metric === 'auc'
        ? formatNumber(v, language, { decimals: 3 })
        : formatPercent(v * 100, { language, decimals: 1 });
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('backtest.window', { years: view.horizonYears, cutoff: view.cutoff, to: view.heldOutTo })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('backtest.heldOut', {
          breaks: formatNumber(view.heldOutBreaks, language),
          pipes: formatNumber(view.heldOutPipes, language),
        })}
      </Typography>
      <Table size="small" data-testid={`backtest-${view.horizonYears}`}>
        <TableHead>
          <TableRow>
            <TableCell>{t('backtest.metric')}</TableCell>
            {CANDIDATES.map((c) => (
              <TableCell key={c} align="right">
                {t(`backtest.candidates.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {view.rows.map((row) => (
            <TableRow key={row.metric}>
              <TableCell>{t(`backtest.metrics.${row.metric}`)}</TableCell>
              {CANDIDATES.map((c) => (
                <TableCell key={c} align="right" sx={{ fontWeight: row.best === c ? 700 : undefined }}>
                  {show(row.metric, row.values[c])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

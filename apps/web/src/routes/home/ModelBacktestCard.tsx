// The dashboard's glance at the LOF model (issue 4 "Backtest", issue 14 "peer protocol"): per held-out window, its
// ranking quality (AUC) against the two raw rankings a utility would use without it (oldest first, most previous
// breaks first), the best in bold, as the model card of the analysis dialog shows it with intervals and more.
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatNumber } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
// The analysis feature's public surface has no model-card hook yet: the dashboard reads it by path, as the map
// route reads tile properties.
import { useModelCard } from '../../features/analysis/api/get-model-card.ts';
import {
  CANDIDATES,
  backtestFromEarlierVersion,
  backtestViews,
  lofFacts,
} from '../../features/analysis/model-card.ts';
import { GlanceCard } from '../../features/reports/index.ts';

/**
 * A held-out window as years when it runs from one New Year to another ("2022", "2022–2024"; the end is exclusive),
 * else as its dates: full dates made the table wider than its card (issue 38).
 */
export function periodLabel(cutoff: string, heldOutTo: string): { from: string; to: string | null } {
  const newYear = (d: string) => /^\d{4}-01-01$/.test(d);
  if (!newYear(cutoff) || !newYear(heldOutTo)) return { from: cutoff, to: heldOutTo };
  const first = Number(cutoff.slice(0, 4));
  const last = Number(heldOutTo.slice(0, 4)) - 1;
  return { from: String(first), to: last > first ? String(last) : null };
}

interface Props {
  datasetId: number;
  /** The model is the LOF model: without the subscription there is nothing to show (001 §6). */
  hasLof: boolean;
}

export function ModelBacktestCard({ datasetId, hasLof }: Props) {
  const { t, i18n } = useTranslation(['shell', 'analysis']);
  const card = useModelCard(datasetId, hasLof);
  const views = backtestViews(card.data);
  const unavailable = lofFacts(card.data).unavailable;
  const auc = (v: number | null) => (v === null ? '–' : formatNumber(v, i18n.language, { decimals: 3 }));
  const periodText = (cutoff: string, heldOutTo: string) => {
    const p = periodLabel(cutoff, heldOutTo);
    return p.to === null ? p.from : t('home.glance.model.period', p);
  };
  const message = (text: string) => (
    <Typography variant="body2" color="text.secondary" sx={{ py: 2 }} data-testid="dashboard-model-message">
      {text}
    </Typography>
  );

  let body;
  if (!hasLof) body = message(t('home.glance.needsLof'));
  else if (card.isPending) body = <Skeleton variant="rounded" height={160} />;
  else if (card.isError) body = message(card.error.message);
  else if (unavailable) body = message(t('card.unavailable', { ns: 'analysis', reason: unavailable }));
  else if (views.length === 0 && backtestFromEarlierVersion(card.data))
    body = message(t('backtest.outdated', { ns: 'analysis' }));
  else if (views.length === 0) body = message(t('card.none', { ns: 'analysis' }));
  else
    body = (
      <>
        <Typography variant="body2" color="text.secondary">
          {t('home.glance.model.caption')}
        </Typography>
        <Table
          size="small"
          data-testid="dashboard-model-table"
          aria-label={t('home.glance.model.caption')}
          // Fixed columns within the card's width: the candidates' names wrap instead of widening the table.
          sx={{ tableLayout: 'fixed', width: '100%' }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('home.glance.model.window')}</TableCell>
              {CANDIDATES.map((c) => (
                <TableCell key={c} align="right">
                  {t(`backtest.candidates.${c}`, { ns: 'analysis' })}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {views.map((view) => {
              const row = view.rows.find((r) => r.metric === 'auc');
              return (
                <TableRow key={`${view.horizonYears}-${view.cutoff}`}>
                  <TableCell component="th" scope="row">
                    {periodText(view.cutoff, view.heldOutTo)}
                  </TableCell>
                  {CANDIDATES.map((c) => (
                    <TableCell key={c} align="right" sx={{ fontWeight: row?.best === c ? 700 : undefined }}>
                      {auc(row?.values[c]?.value ?? null)}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </>
    );

  return (
    <GlanceCard
      title={t('home.glance.model.title')}
      to="/data"
      linkText={t('home.glance.model.link')}
      testId="dashboard-model"
    >
      {body}
    </GlanceCard>
  );
}

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
        <Table size="small" data-testid="dashboard-model-table" aria-label={t('home.glance.model.caption')}>
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
                  <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                    {t('home.glance.model.period', { from: view.cutoff, to: view.heldOutTo })}
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

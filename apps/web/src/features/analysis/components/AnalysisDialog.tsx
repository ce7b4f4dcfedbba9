// The analysis of one dataset as its utility sees it (issue 4): the runs, and the model card of the served
// analysis — how the LOF model was trained and how it ranked the held-out years' breaks against the two rankings a
// utility would use without it (oldest first, most previous breaks first), the features it used, what imputation
// filled in, the valve isolation segments and the COF scenario.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { formatNumber, formatPercent } from '@pipewise/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRunning, useAnalyses } from '../api/get-analyses.ts';
import { useModelCard } from '../api/get-model-card.ts';
import { featureLabel, imputationRows, lofFacts, topFeatures } from '../model-card.ts';
import { NoLofNotice } from './NoLofNotice.tsx';
import { AnalysisRuns } from './AnalysisRuns.tsx';
import { BacktestSection } from './BacktestTable.tsx';
import { RunAnalysisButton } from './RunAnalysisButton.tsx';

interface Props {
  datasetId: number;
  name: string;
  open: boolean;
  onClose: () => void;
}

export function AnalysisDialog({ datasetId, name, open, onClose }: Props) {
  const { t, i18n } = useTranslation('analysis');
  const language = i18n.language;
  const runs = useAnalyses(datasetId, open);
  const newest = runs.data?.[0];
  const card = useModelCard(datasetId, open, isRunning(newest));
  const { refetch } = card;
  // The run just finished: its card exists now.
  useEffect(() => {
    if (newest?.stage === 'complete' && card.data === null) void refetch();
  }, [newest?.stage, card.data, refetch]);
  const facts = lofFacts(card.data);
  const vis = (card.data?.visSummary ?? {}) as Record<string, number>;
  const cof = (card.data?.cofSummary ?? {}) as Record<string, unknown>;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth data-testid="analysis-dialog">
      <DialogTitle>{t('title', { name })}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="h6" component="h3" gutterBottom>
          {t('runs.title')}
        </Typography>
        {runs.isError && <Alert severity="error">{runs.error.message}</Alert>}
        {runs.data && <AnalysisRuns runs={runs.data} />}
        <Divider sx={{ my: 2 }} />
        <Typography variant="h6" component="h3" gutterBottom>
          {t('card.title')}
        </Typography>
        {card.isError && <Alert severity="error">{card.error.message}</Alert>}
        {card.data === null && <Typography color="text.secondary">{t('card.none')}</Typography>}
        {card.data && (
          <div data-testid="model-card">
            {facts.unavailable && <NoLofNotice reason={facts.unavailable} testId="model-unavailable" />}
            {facts.prior && (
              // Issue 39: a network without break history is scored by a prior, and the card says so first.
              <Alert severity="info" sx={{ mb: 1 }} data-testid="model-prior">
                {t('card.prior')}
                {facts.source && (
                  <Typography variant="caption" component="p">
                    {facts.source}
                  </Typography>
                )}
              </Alert>
            )}
            <Typography variant="body2">{facts.method}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('card.data', {
                pipes: formatNumber(facts.pipes, language),
                breaks: formatNumber(facts.linkedBreaks, language),
                from: facts.firstBreak ?? '–',
                to: facts.lastBreak ?? '–',
              })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('card.scored', {
                asOf: facts.scoredAsOf ?? '–',
                projectLof: formatPercent(facts.projectLof, { language }),
              })}
            </Typography>
            {card.data.editsSinceAnalysis > 0 && (
              <Typography variant="body2" color="text.secondary" data-testid="model-edits-since">
                {t('card.editsSince', { count: card.data.editsSinceAnalysis })}
              </Typography>
            )}
            {facts.scoreCollapsePct !== null && (
              // Issue 40: a model whose scores collapsed onto one value cannot rank those pipes; never silent.
              <Alert severity="warning" sx={{ my: 1 }} data-testid="model-score-collapse">
                {t('card.scoreCollapse', {
                  share: formatPercent(facts.scoreCollapsePct, { language, decimals: 0 }),
                })}
              </Alert>
            )}
            {facts.datePrecision && (
              <Typography variant="body2" color="text.secondary" data-testid="model-date-precision">
                {t(`card.datePrecision.${facts.datePrecision}`)}
              </Typography>
            )}
            {facts.record && (
              // Issue 40: what the break record's length allowed (a short record trains differently, never silently).
              <Typography variant="body2" color="text.secondary" data-testid="model-record">
                {t(facts.record.rule === 'short-record' ? 'card.recordShort' : 'card.recordStandard', {
                  count: facts.record.windows,
                  years: formatNumber(facts.record.years, language, { decimals: 1 }),
                  from: facts.record.from,
                  to: facts.record.to,
                  trees: formatNumber(facts.record.trees, language),
                  depth: facts.record.depth ?? '–',
                  history: facts.record.minHistoryYears ?? '–',
                  minRows: formatNumber(facts.record.minRowsLeaf, language),
                })}
              </Typography>
            )}
            {facts.validation && (
              <Typography variant="body2" color="text.secondary" data-testid="model-validation">
                {facts.validation.rule === 'widened'
                  ? t('card.validationWidened', { count: facts.validation.years })
                  : t('card.validationFixed', { count: facts.validation.trees ?? 0 })}
              </Typography>
            )}
            {facts.recalibrationFactor !== null && (
              <Typography variant="body2" color="text.secondary" data-testid="model-recalibration">
                {t('card.recalibration', {
                  factor: formatNumber(facts.recalibrationFactor, language, { decimals: 2 }),
                })}
              </Typography>
            )}
            {facts.notes.map((note) => (
              <Typography key={note} variant="caption" color="text.secondary" component="p">
                {note}
              </Typography>
            ))}
            <BacktestSection card={card.data} />
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {t('card.features')}
            </Typography>
            <Typography variant="body2" data-testid="model-features">
              {topFeatures(card.data)
                .map(
                  (f) =>
                    `${featureLabel(t, f.feature, language)} ${formatPercent(f.gainShare * 100, { language, decimals: 0 })}`,
                )
                .join(' · ')}
            </Typography>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {t('card.imputation')}
            </Typography>
            <Typography variant="body2" data-testid="model-imputation">
              {imputationRows(card.data)
                .map((r) =>
                  t('card.imputed', {
                    attribute: t(`attributes.${r.attribute}`),
                    imputed: formatNumber(r.imputed, language),
                    overridden: formatNumber(r.overridden, language),
                  }),
                )
                .join(' · ')}
            </Typography>
            {imputationRows(card.data)
              .filter((r) => r.unknown > 0)
              .map((r) => (
                // Issue 15: say plainly which attribute was not estimated, and why.
                <Alert
                  key={r.attribute}
                  severity="info"
                  sx={{ mt: 1 }}
                  data-testid={`model-unknown-${r.attribute}`}
                >
                  {t('card.leftUnknown', {
                    attribute: t(`attributes.${r.attribute}`),
                    unknown: formatNumber(r.unknown, language),
                    known: formatNumber(r.known ?? 0, language),
                    share: formatPercent((r.minKnownShare ?? 0) * 100, { language, decimals: 0 }),
                  })}
                </Alert>
              ))}
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {t('card.vis')}
            </Typography>
            <Typography variant="body2">
              {t('card.visFacts', {
                segments: formatNumber(vis['segments'], language),
                nodes: formatNumber(vis['nodes'], language),
                components: formatNumber(vis['components'], language),
                unsnapped: formatNumber(vis['valvesUnsnapped'], language),
              })}
            </Typography>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {t('card.cof')}
            </Typography>
            <Typography variant="body2">
              {t('card.cofFacts', {
                scenario: String(cof['scenarioName'] ?? '–'),
                calculation: t(`calculations.${String(cof['calculation'] ?? 'standard')}`),
                currency: String(cof['currency'] ?? ''),
              })}
            </Typography>
            {((cof['notes'] as string[] | undefined) ?? []).map((note) => (
              <Typography key={note} variant="caption" color="text.secondary" component="p">
                {note}
              </Typography>
            ))}
          </div>
        )}
      </DialogContent>
      <DialogActions>
        <RunAnalysisButton datasetId={datasetId} disabled={isRunning(newest)} />
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

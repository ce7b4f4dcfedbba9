// The imputed likelihood per category as horizontal bars (PIPE-EDIT-02). @mui/x-charts is not a dependency of
// apps/web, so the bars are MUI LinearProgress, one labelled row per category, most likely first.
import { Box, LinearProgress, Typography } from '@mui/material';
import { formatPercent } from '@pipewise/domain';

export interface LikelihoodEntry {
  key: string;
  label: string;
  probability: number;
}

/** Entries sorted by probability (highest first), ties by key. */
export function likelihoodEntries(
  likelihood: Record<string, number> | null | undefined,
  label: (key: string, keys: readonly string[]) => string,
): LikelihoodEntry[] {
  if (!likelihood) return [];
  const keys = Object.keys(likelihood).sort((a, b) => Number(a) - Number(b));
  return keys
    .map((key) => ({ key, label: label(key, keys), probability: likelihood[key] ?? 0 }))
    .sort((a, b) => b.probability - a.probability || Number(a.key) - Number(b.key));
}

interface Props {
  entries: LikelihoodEntry[];
  language: string;
  title: string;
  emptyText: string;
}

export function LikelihoodBars({ entries, language, title, emptyText }: Props) {
  return (
    <Box data-testid="likelihood-chart" role="figure" aria-label={title}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {entries.length === 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="likelihood-empty">
          {emptyText}
        </Typography>
      )}
      {entries.map((entry) => {
        const percent = Math.max(0, Math.min(100, entry.probability * 100));
        const text = formatPercent(percent, { language, decimals: 1 });
        return (
          <Box
            key={entry.key}
            sx={{
              display: 'grid',
              gridTemplateColumns: '9em 1fr 4em',
              alignItems: 'center',
              gap: 1,
              py: 0.25,
            }}
            data-testid="likelihood-bar"
          >
            <Typography variant="body2" noWrap title={entry.label}>
              {entry.label}
            </Typography>
            <LinearProgress variant="determinate" value={percent} aria-label={`${entry.label}: ${text}`} />
            <Typography variant="body2" sx={{ textAlign: 'right' }}>
              {text}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

// The virtual-pipe phase (spec 001 §4: INIT, FINALIZED, MERGED) and its actions: draw the sampling test (which
// finalizes), merge (FINALIZED → MERGED), and the accuracy of imputation on the verified sampled pipes with its
// 95 % interval. Field values are recorded from the bulk bar (BulkEditBar onVerify) while FINALIZED.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SAMPLING_TEST_MAX, VIRTUAL_PIPE_PHASE } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SamplingTest } from '../api.ts';
import { COLUMNS } from '../columns.ts';

const PHASE_KEY = ['init', 'finalized', 'merged'] as const;
const DEFAULT_SAMPLE = 30;

interface Props {
  test: SamplingTest;
  canEdit: boolean;
  pending: boolean;
  formatShare: (value: number | null) => string;
  onDraw: (size: number) => void;
  onMerge: () => void;
}

export function PhasePanel({ test, canEdit, pending, formatShare, onDraw, onMerge }: Props) {
  const { t, i18n } = useTranslation(['virtualpipes', 'details']);
  const [size, setSize] = useState(String(DEFAULT_SAMPLE));
  const n = Number(size);
  const validSize = Number.isInteger(n) && n >= 1 && n <= SAMPLING_TEST_MAX;
  const phase = PHASE_KEY[test.phase] ?? 'init';
  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid="vp-phase-panel">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1">{t('phase.title')}</Typography>
        <Chip
          label={t(`phase.${phase}`)}
          color={phase === 'merged' ? 'success' : 'default'}
          data-testid="vp-phase"
        />
        {canEdit && test.phase !== VIRTUAL_PIPE_PHASE.MERGED && (
          <>
            <TextField
              size="small"
              type="number"
              label={t('phase.sampleSize')}
              value={size}
              onChange={(e) => setSize(e.target.value)}
              error={!validSize}
              slotProps={{ htmlInput: { min: 1, max: SAMPLING_TEST_MAX, 'data-testid': 'vp-sample-size' } }}
              sx={{ width: 140 }}
            />
            <Button
              variant="outlined"
              disabled={pending || !validSize}
              onClick={() => onDraw(n)}
              data-testid="vp-draw-sample"
            >
              {test.sample ? t('phase.redraw') : t('phase.draw')}
            </Button>
          </>
        )}
        {canEdit && test.phase === VIRTUAL_PIPE_PHASE.FINALIZED && (
          <Button variant="contained" disabled={pending} onClick={onMerge} data-testid="vp-merge">
            {t('phase.merge')}
          </Button>
        )}
      </Stack>
      {test.sample && (
        <Typography variant="body2" data-testid="vp-sample">
          {t('phase.sample', {
            size: test.sample.size,
            seed: test.sample.seed,
            verified: test.sample.verified,
            unverified: test.sample.unverified,
          })}
        </Typography>
      )}
      {test.mergeOverride && (
        <Typography variant="body2" color="warning.main" data-testid="vp-merge-override-record">
          {t('phase.mergedOverride', {
            email: test.mergeOverride.userEmail,
            date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
              new Date(test.mergeOverride.at),
            ),
            unverified: test.mergeOverride.unverified,
            size: test.mergeOverride.sampleSize,
            reason: test.mergeOverride.reason,
          })}
        </Typography>
      )}
      {test.sample &&
        COLUMNS.map((c) => {
          const a = test.accuracy[c.row];
          return (
            <Typography key={c.wire} variant="body2" data-testid={`vp-accuracy-${c.wire}`}>
              {t(c.labelKey, { ns: 'details' })}:{' '}
              {a.accuracy === null
                ? t('phase.noVerified')
                : t('phase.accuracy', {
                    accuracy: formatShare(a.accuracy),
                    low: formatShare(a.ciLow),
                    high: formatShare(a.ciHigh),
                    correct: a.correct,
                    verified: a.verified,
                  })}
            </Typography>
          );
        })}
    </Stack>
  );
}

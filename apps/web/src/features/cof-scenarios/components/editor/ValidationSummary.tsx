// On a refused save: every value that needs fixing, named (cost, mode, tier and band) so the user can find it even
// when it sits in a mode not shown right now.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftCheck } from '../../lib/editor-draft.ts';
import { tierBandLabels } from '../../lib/tier-bands.ts';
import type { CofViewer } from '../../lib/viewer.ts';

export function ValidationSummary({ check, viewer }: { check: DraftCheck; viewer: CofViewer }) {
  const { t } = useTranslation('cof');
  const bands = useMemo(
    () => tierBandLabels(t, viewer.language, viewer.unitSystem),
    [t, viewer.language, viewer.unitSystem],
  );
  const lines = [
    ...(check.nameMissing ? [t('validation.nameRequired')] : []),
    ...check.tierIssues.map((i) =>
      t('validation.tierLine', {
        field: t('validation.tierField', {
          cost: t(`costs.${i.cost}.title`),
          mode: t(`modes.${i.mode}`),
          tier: i.tier.toUpperCase(),
          band: bands[i.tier],
        }),
        problem: t(`validation.amount.${i.problem}`),
      }),
    ),
  ];
  if (lines.length === 0) return null;
  return (
    <Alert severity="error" data-testid="cof-validation">
      <AlertTitle>{t('validation.title')}</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Alert>
  );
}

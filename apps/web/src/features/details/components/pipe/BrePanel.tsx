// BRE panel: total risk (LOF × COF) and its level. BRE needs the BRE and COF subscriptions; with COF but without
// BRE the server sends the restricted marker, shown as such (SUB-07).
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Chip, Typography } from '@mui/material';
import { BRE_RESTRICTED, type CurrencyCode } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import type { Formatters } from '../../format.ts';
import { usePanelAssessment } from '../../hooks/use-panel-assessment.ts';
import type { Viewer } from '../../hooks/use-viewer.ts';
import type { AssetDetails } from '../../types.ts';
import { DetailRow } from '../DetailRow.tsx';
import { levelName } from './levels.ts';

interface Props {
  datasetId: number;
  pipe: AssetDetails;
  viewer: Viewer;
  fmt: Formatters;
}

export function RestrictedMarker({ testId }: { testId: string }) {
  const { t } = useTranslation('details');
  return (
    <Chip
      size="small"
      icon={<LockOutlined fontSize="small" />}
      label={t('bre.restricted')}
      data-testid={testId}
    />
  );
}

export function BrePanel({ datasetId, pipe, viewer, fmt }: Props) {
  const { t } = useTranslation('details');
  const bre = pipe.bre;
  const restricted = !viewer.has('BRE') || bre?.total === BRE_RESTRICTED;
  // The assessment is asked for only when the user could see one: a restricted user is told so by the marker,
  // not by a 'no BRE assessment found' toast.
  const assessment = usePanelAssessment('bre', datasetId, !restricted);
  const currency = (assessment.data?.currency ?? viewer.currency) as CurrencyCode;

  if (restricted) {
    return (
      <>
        <DetailRow label={t('bre.total')} value={<RestrictedMarker testId="bre-total-restricted" />} />
        <DetailRow label={t('bre.level')} value={<RestrictedMarker testId="bre-level-restricted" />} />
        <Typography variant="caption" color="text.secondary" data-testid="bre-restricted-note">
          {t('gating.requires', { subscription: 'BRE' })}
        </Typography>
      </>
    );
  }
  const total = typeof bre?.total === 'number' ? bre.total : null;
  const level = typeof bre?.level === 'number' ? bre.level : null;
  return (
    <>
      <DetailRow label={t('bre.total')} value={fmt.currency(total, currency)} testId="bre-total" />
      <DetailRow label={t('bre.level')} value={levelName(t, level)} testId="bre-level" />
      {assessment.missing && (
        <Typography variant="caption" color="text.secondary" data-testid="bre-no-assessment">
          {t('bre.noAssessment')}
        </Typography>
      )}
    </>
  );
}

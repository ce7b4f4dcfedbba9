// Details of a mesh, district or custom zone (DET-ZONE-01): name, native id, what tells it apart from the other
// areas (expected breaks a year, per km or mile, the share of its length at high or very high risk: RiskRows), pipe
// count and length, LOF over 12 months where it still means something, and the risk drivers. A missing area (404
// AREA_NOT_FOUND) shows the localized not-found text as a warning toast for 3 s at the top and is also reported
// (TOAST-20).
import { Box, Stack, Typography } from '@mui/material';
import { TOAST_MS } from '@pipewise/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { AREA_NOT_FOUND, useArea } from '../api/get-area.ts';
import { zoneFlyTarget } from '../fly-to.ts';
import { useFormatters } from '../hooks/use-formatters.ts';
import { useViewer } from '../hooks/use-viewer.ts';
import type { AreaKind } from '../types.ts';
import { DetailRow } from './DetailRow.tsx';
import { DetailsError, DetailsSkeleton } from './DetailsStates.tsx';
import { LocateButton } from './LocateButton.tsx';
import { RiskDrivers } from './RiskDrivers.tsx';
import { RiskRows } from './RiskRows.tsx';
import { reportError } from '../../../lib/report-error.ts';

/**
 * The area's P(≥ 1 break in 12 months) is shown while below this: 90 % is about 2.3 expected breaks a year. Above it
 * every area of any size reads "almost certain" (a 5,000-pipe district 100.00 %), and the expected breaks above it
 * say how much more one area breaks than another.
 */
export const AREA_PROBABILITY_SHOWN_BELOW = 0.9;

export interface AreaDetailsProps {
  datasetId: number;
  kind: AreaKind;
  nativeId: string;
  onFlyTo?: (center: [number, number], zoom: number) => void;
}

export function AreaDetails({ datasetId, kind, nativeId, onFlyTo }: AreaDetailsProps) {
  const { t } = useTranslation('details');
  const { show } = useToast();
  const viewer = useViewer();
  const fmt = useFormatters(viewer);
  const { data: area, isPending, isError, error, refetch } = useArea(datasetId, kind, nativeId);
  const notFound = error instanceof ApiError && (error.code === AREA_NOT_FOUND || error.status === 404);
  const notFoundText = t(`area.notFound.${kind}`, { id: nativeId });

  useEffect(() => {
    if (!notFound) return;
    // "Also reported" (lib/report-error.ts).
    reportError(`Area not found: ${kind} ${nativeId} in dataset ${datasetId}`, error);
    show({ text: notFoundText, color: 'warning', timer: TOAST_MS.normal, top: true });
  }, [notFound, notFoundText, kind, nativeId, datasetId, error, show]);

  if (isPending) return <DetailsSkeleton />;
  if (isError) {
    return notFound ? (
      <DetailsError error={error} text={notFoundText} />
    ) : (
      <DetailsError error={error} onRetry={() => void refetch()} />
    );
  }
  return (
    <Box data-testid="area-details" sx={{ px: 2, py: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary">
            {t(`area.kind.${kind}`)}
          </Typography>
          <Typography variant="h6" data-testid="area-name">
            {area.name ?? area.nativeId}
          </Typography>
        </Box>
        <LocateButton target={zoneFlyTarget(area.geometry)} onFlyTo={onFlyTo} />
      </Stack>
      <DetailRow label={t('area.nativeId')} value={area.nativeId} testId="area-native-id" />
      <RiskRows
        viewer={viewer}
        fmt={fmt}
        expectedBreaks={area.expectedBreaks12}
        breakRatePerKm={area.expectedBreaksPerKmYear}
        topRiskShare={area.topRiskShare}
        testIdPrefix="area"
      />
      <DetailRow label={t('area.pipes')} value={fmt.integer(area.pipes)} testId="area-pipes" />
      <DetailRow label={t('area.length')} value={fmt.lengthLarge(area.length)} testId="area-length" />
      {area.lof12 != null && area.lof12 < AREA_PROBABILITY_SHOWN_BELOW && (
        <DetailRow label={t('area.lof12')} value={fmt.lof(area.lof12)} testId="area-lof12" />
      )}
      <Box sx={{ mt: 1 }}>
        <RiskDrivers record={area} testId="area-risk-drivers" />
      </Box>
    </Box>
  );
}

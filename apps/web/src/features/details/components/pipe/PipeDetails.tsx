// Details of a selected pipe (DET-PIPE-01…09): id, native id, address, an asset summary in the user's units and
// language, then the panels Attributes, BRE, COF, LOF, RUL and Population with their subscription gates.
import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAsset } from '../../api/get-asset.ts';
import { useFormatters } from '../../hooks/use-formatters.ts';
import { useViewer } from '../../hooks/use-viewer.ts';
import { materialName } from '../../../../lib/materials.ts';
import { DetailRow } from '../DetailRow.tsx';
import { DetailsPanel } from '../DetailsPanel.tsx';
import { DetailsError, DetailsSkeleton } from '../DetailsStates.tsx';
import { lineFlyTarget } from '../../fly-to.ts';
import { LocateButton } from '../LocateButton.tsx';
import { pipeGates } from './gates.ts';
import { AttributesPanel } from './AttributesPanel.tsx';
import { BrePanel } from './BrePanel.tsx';
import { CofPanel } from './CofPanel.tsx';
import { LofPanel } from './LofPanel.tsx';
import { PopulationPanel } from './PopulationPanel.tsx';
import { RulPanel } from './RulPanel.tsx';

export interface PipeDetailsProps {
  datasetId: number;
  pipeId: number;
  /** The dataset's origin: the COF panel needs origin 1 (spec 000 §6, SUB-05). */
  datasetOrigin: number | null | undefined;
  /** Where the dataset's LOF comes from (issue 39: a prior is labelled in the LOF panel). */
  lofSource?: 'utility' | 'prior' | null;
  onFlyTo?: (center: [number, number], zoom: number) => void;
  onSaved?: () => void;
}

export function PipeDetails({
  datasetId,
  pipeId,
  datasetOrigin,
  lofSource,
  onFlyTo,
  onSaved,
}: PipeDetailsProps) {
  const { t } = useTranslation('details');
  const viewer = useViewer();
  const fmt = useFormatters(viewer);
  const { data: pipe, isPending, isError, error, refetch } = useAsset(datasetId, pipeId);

  if (isPending) return <DetailsSkeleton />;
  if (isError) return <DetailsError error={error} onRetry={() => void refetch()} />;

  const gates = pipeGates(viewer, datasetOrigin, t);
  return (
    <Box data-testid="pipe-details">
      <Stack direction="row" sx={{ alignItems: 'flex-start', px: 2, pt: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h6" data-testid="pipe-id">
            {t('pipe.title', { id: pipe.id })}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="pipe-native-id">
            {t('pipe.nativeId', { id: pipe.nativePipeId })}
          </Typography>
          <Typography variant="body2" data-testid="pipe-address">
            {pipe.address ?? t('pipe.noAddress')}
          </Typography>
        </Box>
        <LocateButton
          target={lineFlyTarget(pipe.geometry, pipe.length, viewer.units.segment)}
          onFlyTo={onFlyTo}
        />
      </Stack>
      <Box sx={{ px: 2, py: 1 }} data-testid="pipe-summary">
        <DetailRow label={t('summary.length')} value={fmt.length(pipe.length)} testId="summary-length" />
        <DetailRow
          label={t('summary.diameter')}
          value={fmt.diameter(pipe.diameter)}
          testId="summary-diameter"
        />
        <DetailRow
          label={t('summary.installYear')}
          value={fmt.year(pipe.installYear)}
          testId="summary-install-year"
        />
        <DetailRow
          label={t('summary.material')}
          value={materialName(t, pipe.materialTypeCode)}
          testId="summary-material"
        />
        <DetailRow
          label={t('summary.breakCount')}
          value={fmt.integer(pipe.breakCount)}
          testId="summary-breaks"
        />
      </Box>
      <DetailsPanel id="attributes" title={t('panels.attributes')} defaultExpanded>
        <AttributesPanel datasetId={datasetId} pipe={pipe} viewer={viewer} fmt={fmt} onSaved={onSaved} />
      </DetailsPanel>
      <DetailsPanel id="bre" title={t('panels.bre')} lockedNote={gates.bre}>
        <BrePanel datasetId={datasetId} pipe={pipe} viewer={viewer} fmt={fmt} />
      </DetailsPanel>
      <DetailsPanel id="cof" title={t('panels.cof')} lockedNote={gates.cof}>
        <CofPanel datasetId={datasetId} pipe={pipe} viewer={viewer} fmt={fmt} />
      </DetailsPanel>
      <DetailsPanel id="lof" title={t('panels.lof')} lockedNote={gates.lof}>
        <LofPanel pipe={pipe} fmt={fmt} lofSource={lofSource} />
      </DetailsPanel>
      <DetailsPanel id="rul" title={t('panels.rul')} lockedNote={gates.rul}>
        <RulPanel pipe={pipe} fmt={fmt} />
      </DetailsPanel>
      <DetailsPanel id="population" title={t('panels.population')} lockedNote={gates.population}>
        <PopulationPanel pipe={pipe} fmt={fmt} viewer={viewer} />
      </DetailsPanel>
    </Box>
  );
}

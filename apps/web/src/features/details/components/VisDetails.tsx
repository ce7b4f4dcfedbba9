// Details of a valve isolation segment (DET-VIS-01…05): oldest install year, break count, total length, the
// numbered pipe list, the valve list, and aggregated LOF at 1, 2, 3 and 5 years with expected breaks per km
// (per mile for imperial users). A segment keeps its probability (what one crew isolates: a few pipes, where it
// still reads between 0 and 100 %), and shows, as an area does, its expected breaks a year and the share of its
// length at high or very high risk (issue 15).
import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { LOF_MONTHS } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { useVis } from '../api/get-vis.ts';
import { breaksPerUnit } from '../format.ts';
import { lineFlyTarget } from '../fly-to.ts';
import { useFormatters } from '../hooks/use-formatters.ts';
import { useViewer } from '../hooks/use-viewer.ts';
import { AssetLinkList } from './AssetLinkList.tsx';
import { DetailRow } from './DetailRow.tsx';
import { DetailsError, DetailsSkeleton } from './DetailsStates.tsx';
import { LocateButton } from './LocateButton.tsx';
import { DENSE_CELLS } from './DetailRow.tsx';
import { RiskRows } from './RiskRows.tsx';

export interface VisDetailsProps {
  datasetId: number;
  segmentId: number;
  onSelectPipe?: (pipeId: number) => void;
  onFlyTo?: (center: [number, number], zoom: number) => void;
}

export function VisDetails({ datasetId, segmentId, onSelectPipe, onFlyTo }: VisDetailsProps) {
  const { t } = useTranslation('details');
  const viewer = useViewer();
  const fmt = useFormatters(viewer);
  const { data: vis, isPending, isError, error, refetch } = useVis(datasetId, segmentId);
  if (isPending) return <DetailsSkeleton />;
  if (isError) return <DetailsError error={error} onRetry={() => void refetch()} />;

  const unit = viewer.units.segmentLarge;
  return (
    <Box data-testid="vis-details" sx={{ px: 2, py: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }} data-testid="vis-id">
          {t('vis.title', { id: vis.id })}
        </Typography>
        <LocateButton
          target={lineFlyTarget(vis.geometry, vis.pipesAggLen, viewer.units.segment)}
          onFlyTo={onFlyTo}
        />
      </Stack>
      <DetailRow
        label={t('vis.oldestInstallYear')}
        value={fmt.year(vis.installYear)}
        testId="vis-install-year"
      />
      <DetailRow label={t('vis.breaks')} value={fmt.integer(vis.breaks)} testId="vis-breaks" />
      <DetailRow label={t('vis.totalLength')} value={fmt.length(vis.pipesAggLen)} testId="vis-length" />
      <DetailRow label={t('vis.pipeCount')} value={fmt.integer(vis.pipes)} testId="vis-pipe-count" />
      <RiskRows
        viewer={viewer}
        fmt={fmt}
        expectedBreaks={vis.expectedBreaks12}
        topRiskShare={vis.topRiskShare}
        testIdPrefix="vis"
      />

      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('vis.lofTitle')}
      </Typography>
      <Table size="small" data-testid="vis-lof-table" sx={DENSE_CELLS}>
        <TableHead>
          <TableRow>
            <TableCell>{t('lof.horizon')}</TableCell>
            <TableCell align="right">{t('lof.probability')}</TableCell>
            <TableCell align="right">{t(unit === 'mi' ? 'vis.breaksPerMile' : 'vis.breaksPerKm')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {LOF_MONTHS.map((months) => (
            <TableRow key={months} data-testid={`vis-lof-row-${months}`}>
              <TableCell>{t('lof.years', { count: months / 12 })}</TableCell>
              <TableCell align="right">{fmt.lof(vis.lof?.[String(months)])}</TableCell>
              <TableCell align="right">
                {fmt.decimal(breaksPerUnit(vis.expectedBreaksPerKm?.[String(months)], unit), 3)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('vis.pipes')}
      </Typography>
      <AssetLinkList items={vis.pipeList} numbered testId="vis-pipes" onSelect={onSelectPipe} />
      {vis.pipeListTruncated && (
        <Typography variant="caption" color="text.secondary" data-testid="vis-pipes-truncated">
          {t('vis.pipesTruncated', { shown: vis.pipeList.length, count: vis.pipes })}
        </Typography>
      )}
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('vis.valves')}
      </Typography>
      <AssetLinkList items={vis.valveList} numbered testId="vis-valves" />
    </Box>
  );
}

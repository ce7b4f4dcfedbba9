// The client's networks and their versions (GET /api/datasets), newest first.
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DATASET_STATUS, type SnapshotType } from '@pipewise/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DatasetVersion } from '../api/get-datasets.ts';
import { useDisplayFormat } from '../hooks/use-display-format.ts';

const SNAPSHOT_COLOR: Record<SnapshotType, 'success' | 'default' | 'warning' | 'info'> = {
  CURRENT: 'success',
  ARCHIVE: 'default',
  PENDING: 'warning',
  PROPOSED: 'info',
};

const statusName = (code: number) =>
  Object.entries(DATASET_STATUS).find(([, value]) => value === code)?.[0] ?? 'UNKNOWN';

interface Props {
  datasets: DatasetVersion[];
  /** Per-row actions the page adds (e.g. the analysis dialog of the analysis feature). */
  actions?: (dataset: DatasetVersion) => ReactNode;
}

export function DatasetVersionsTable({ datasets, actions }: Props) {
  const { t } = useTranslation('data');
  const format = useDisplayFormat();
  if (datasets.length === 0)
    return (
      <Typography color="text.secondary" data-testid="dataset-versions-empty">
        {t('datasets.empty')}
      </Typography>
    );
  return (
    <Table size="small" data-testid="dataset-versions">
      <TableHead>
        <TableRow>
          <TableCell>{t('datasets.name')}</TableCell>
          <TableCell>{t('datasets.version')}</TableCell>
          <TableCell>{t('datasets.snapshotType')}</TableCell>
          <TableCell align="right">{t('datasets.pipes')}</TableCell>
          <TableCell align="right">{t('datasets.length')}</TableCell>
          <TableCell>{t('datasets.status')}</TableCell>
          <TableCell>{t('datasets.created')}</TableCell>
          {actions && <TableCell />}
        </TableRow>
      </TableHead>
      <TableBody>
        {datasets.map((d) => (
          <TableRow key={d.id} data-testid={`dataset-version-${d.id}`}>
            <TableCell>
              {d.snapshotGroupName}
              {d.scenario && ` · ${d.scenario}`}
              {d.synthetic && (
                <Chip
                  size="small"
                  variant="outlined"
                  color="secondary"
                  label={t('datasets.synthetic')}
                  sx={{ ml: 1 }}
                  data-testid={`dataset-synthetic-${d.id}`}
                />
              )}
            </TableCell>
            <TableCell>{d.version}</TableCell>
            <TableCell>
              <Chip
                size="small"
                color={SNAPSHOT_COLOR[d.snapshotType]}
                label={t(`snapshotType.${d.snapshotType}`)}
              />
            </TableCell>
            <TableCell align="right">{format.number(d.pipeCount)}</TableCell>
            <TableCell align="right">{format.length(d.totalLengthM)}</TableCell>
            <TableCell>
              {t(`status.${statusName(d.status)}`)}
              {d.lofUnavailable && (
                // Complete, but without a likelihood of failure: say so where the status is read (issue 15).
                <Tooltip title={d.lofUnavailable}>
                  <Chip
                    size="small"
                    variant="outlined"
                    color="warning"
                    label={t('datasets.noLof')}
                    sx={{ ml: 1 }}
                    data-testid={`dataset-no-lof-${d.id}`}
                  />
                </Tooltip>
              )}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.date(d.createdAt)}</TableCell>
            {actions && <TableCell>{actions(d)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

// A project's pipes (PLAN-PRJ-07): id, length, diameter, LOF 12 m, total risk 12 m and repair cost, in the user's
// units and the project's currency; pipes without a cost (unknown diameter) say so, and a pipe another active project
// holds (the pipe finder asked to include them, issue 36) says which.
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { ProjectItemView, RepairCostUnitView } from '../../api/types.ts';
import { usePlannerFormat } from '../../hooks/use-planner-format.ts';

export function ProjectPipesTable(props: {
  items: readonly ProjectItemView[];
  unit: RepairCostUnitView;
  testId?: string;
}) {
  const { t } = useTranslation('planner');
  const fmt = usePlannerFormat();
  const currency = props.unit.currency;
  return (
    <TableContainer sx={{ maxHeight: 320 }}>
      <Table
        size="small"
        stickyHeader
        data-testid={props.testId ?? 'project-pipes'}
        // A narrow panel: one line per pipe, scrolled sideways when the figures do not fit.
        sx={{ '& td, & th': { px: 0.75, whiteSpace: 'nowrap', fontSize: '0.75rem' } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('pipes.id')}</TableCell>
            <TableCell align="right">{t('pipes.length')}</TableCell>
            <TableCell align="right">{t('pipes.diameter')}</TableCell>
            <TableCell align="right">{t('pipes.lof12')}</TableCell>
            <TableCell align="right">{t('pipes.risk12')}</TableCell>
            <TableCell align="right">{t('pipes.cost')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.items.map((item) => (
            <TableRow key={item.pipeId} data-testid="project-pipe">
              <TableCell>
                {item.nativePipeId}
                {item.bookedBy && (
                  <Chip
                    size="small"
                    color="warning"
                    variant="outlined"
                    label={t('booked.inProject', { project: item.bookedBy.projectName })}
                    sx={{ ml: 0.5, height: 18, fontSize: '0.7rem' }}
                    data-testid="pipe-booked-by"
                  />
                )}
              </TableCell>
              <TableCell align="right">{fmt.length(item.lengthM)}</TableCell>
              <TableCell align="right">{fmt.diameter(item.diameterMm)}</TableCell>
              <TableCell align="right">{fmt.lof(item.lof12)}</TableCell>
              <TableCell align="right">{fmt.money(item.totalRisk12, currency)}</TableCell>
              <TableCell align="right">
                {item.cost === null ? t('pipes.uncosted') : fmt.money(item.cost, currency)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

// The dashboard's 5 pipes most likely to break within 12 months: which pipe, its material and its LOF.
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import { pipeOnMapPath } from '../../../../lib/map-links.ts';
import type { BuildContext } from '../../lib/sections/context.ts';
import { pipeName, type HighestRowView } from '../../lib/sections/highest.ts';
import { VISUALLY_HIDDEN } from '../visually-hidden.ts';

export function HighestPipesList({ ctx, rows }: { ctx: BuildContext; rows: readonly HighestRowView[] }) {
  const { t, fmt, labels } = ctx;
  return (
    <Table size="small" data-testid="dashboard-highest-table">
      <caption style={VISUALLY_HIDDEN}>{t('sections.lof_highest')}</caption>
      <TableHead>
        <TableRow>
          <TableCell>{t('columns.pipe')}</TableCell>
          <TableCell>{t('groups.material')}</TableCell>
          <TableCell align="right">{t('columns.lof12')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.pipeId}>
            <TableCell component="th" scope="row">
              <Link component={RouterLink} to={pipeOnMapPath(r.pipeId, 'highest')}>
                {pipeName(r)}
              </Link>
            </TableCell>
            <TableCell>{labels.materialCode(r.materialTypeCode)}</TableCell>
            <TableCell align="right">{fmt.lof(r.lof)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

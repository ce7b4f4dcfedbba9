// A section's table with its caption and a 'Download CSV' of exactly these cells (lib/csv.ts). Long tables scroll
// on screen under a sticky header; on paper every row prints.
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { downloadCsv } from '../lib/csv.ts';
import type { ReportTable } from '../lib/section.ts';
import { VISUALLY_HIDDEN } from './visually-hidden.ts';

interface Props {
  table: ReportTable;
  fileName: string;
  testId: string;
}

export function ReportTableView({ table, fileName, testId }: Props) {
  const { t } = useTranslation('reports');
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }} className="report-no-print">
        <Button
          size="small"
          startIcon={<DownloadOutlined />}
          onClick={() => downloadCsv(table, fileName)}
          aria-label={t('actions.downloadCsvOf', { name: table.caption })}
          data-testid={`${testId}-csv`}
        >
          {t('actions.downloadCsv')}
        </Button>
      </Stack>
      <TableContainer sx={{ maxHeight: 520 }} className="report-table">
        <Table size="small" stickyHeader data-testid={testId}>
          {/* For screen readers: on screen and paper the section's heading, just above, says the same. */}
          <caption style={VISUALLY_HIDDEN}>{table.caption}</caption>
          <TableHead>
            <TableRow>
              {table.columns.map((c) => (
                <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {table.rows.map((row, r) => (
              <TableRow key={r}>
                {row.map((cell, i) =>
                  i === 0 && table.rowHeaders ? (
                    <TableCell key={i} component="th" scope="row">
                      {cell}
                    </TableCell>
                  ) : (
                    <TableCell
                      key={i}
                      align={table.columns[i]?.numeric ? 'right' : 'left'}
                      // A number broken over two lines misreads (ja's full-width digits wrap anywhere).
                      sx={
                        table.columns[i]?.numeric || table.columns[i]?.nowrap
                          ? { whiteSpace: 'nowrap' }
                          : undefined
                      }
                    >
                      {table.links?.column === i && table.links.to[r] ? (
                        <Link component={RouterLink} to={table.links.to[r]}>
                          {cell}
                        </Link>
                      ) : (
                        cell
                      )}
                    </TableCell>
                  ),
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

// The imports list of spec 001 §2 with its archive and unarchive actions and a switch to show archived ones.
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImports } from '../api/get-imports.ts';
import { useArchiveToggle } from '../hooks/use-archive-toggle.ts';
import { useCanImport } from '../hooks/use-can-import.ts';
import { ImportRow } from './ImportRow.tsx';

export function ImportsList() {
  const { t } = useTranslation('data');
  const [showArchived, setShowArchived] = useState(false);
  const imports = useImports(showArchived ? 'all' : 'false');
  const archive = useArchiveToggle();
  const canArchive = useCanImport();
  // The local flag decides: an item archived a moment ago leaves the list without a refetch.
  const rows = (imports.data ?? []).filter((item) => showArchived || !item.archive);

  return (
    <Stack spacing={1} data-testid="imports-list">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          {t('imports.title')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={showArchived}
              onChange={(e) => setShowArchived(e.target.checked)}
              slotProps={{ input: { 'data-testid': 'imports-show-archived' } as object }}
            />
          }
          label={t('imports.showArchived')}
        />
      </Stack>
      {archive.isError && <Alert severity="error">{archive.error.message}</Alert>}
      {imports.isError && <Alert severity="error">{imports.error.message}</Alert>}
      {rows.length === 0 && !imports.isPending ? (
        <Typography color="text.secondary" data-testid="imports-empty">
          {t('imports.empty')}
        </Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('imports.type')}</TableCell>
              <TableCell>{t('imports.file')}</TableCell>
              <TableCell align="right">{t('imports.rows')}</TableCell>
              <TableCell>{t('imports.who')}</TableCell>
              <TableCell>{t('imports.when')}</TableCell>
              <TableCell>{t('imports.result')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((item) => (
              <ImportRow
                key={item.id}
                item={item}
                canArchive={canArchive}
                busy={archive.isPending}
                onArchive={(next) => archive.toggle({ id: item.id, archive: next })}
              />
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

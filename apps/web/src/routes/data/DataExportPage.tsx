// /data/export: the export files of the utility (spec 001 §2 'Exports'): 'New export' for the current dataset,
// then the list, 25 a page, each ready file a download. The link of an export mail opens it with ?file={id}: the
// file is downloaded once the page is open (logged in), and the parameter dropped.
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TOAST_MS } from '@pipewise/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '../../components/toast/index.ts';
import { useCurrentSnapshot } from '../../features/datasets/index.ts';
import {
  downloadExport,
  ExportsError,
  ExportsTable,
  NewExportForm,
  useExports,
} from '../../features/exports/index.ts';
import { reportError } from '../../lib/report-error.ts';

/** Downloads the file a mail's link names, once. */
function useLinkedDownload() {
  const { t } = useTranslation('data');
  const [params, setParams] = useSearchParams();
  const file = Number(params.get('file'));
  useEffect(() => {
    if (!Number.isInteger(file) || file <= 0) return;
    setParams((p) => {
      p.delete('file');
      return p;
    });
    downloadExport(file).catch((err: unknown) => {
      reportError('Export download failed', err);
      toast.show({ text: t('exports.downloadFailed'), color: 'error', timer: TOAST_MS.long });
    });
  }, [file, setParams, t]);
}

export function DataExportPage() {
  const { t } = useTranslation('data');
  const [page, setPage] = useState(0);
  const exports = useExports(page);
  const { data: snapshot } = useCurrentSnapshot();
  useLinkedDownload();
  return (
    <Container maxWidth="lg" sx={{ py: 3 }} data-testid="data-export-page">
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          {t('exports.heading')}
        </Typography>
        <NewExportForm datasetId={snapshot?.dataset?.id ?? null} availability={exports.data?.availability} />
        {exports.isError && <ExportsError error={exports.error} />}
        <ExportsTable list={exports.data} page={page} onPage={setPage} />
      </Stack>
    </Container>
  );
}

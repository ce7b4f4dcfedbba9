// The form of a new scheduled import (issue 42): a network, where its file comes from, when, and the share of
// pipes a run may remove before it waits for review. The wizard's options are the network's last import's: the
// server remembers them, so this form asks nothing of the mapping.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { IMPORT_URL_FORMATS } from '@pipewise/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { useCreateImportDefinition } from '../api/create-import-definition.ts';

type Format = (typeof IMPORT_URL_FORMATS)[number];

/** The client's networks (GET /api/snapshot-groups), for the target; features do not import each other. */
function useNetworks() {
  return useQuery({
    queryKey: ['snapshot-groups', 'scheduled-import-targets'],
    queryFn: () =>
      api<{ snapshotGroupEntityId: number; snapshotGroupName: string }[]>(
        'GET',
        '/api/snapshot-groups',
      ).catch(() => []),
  });
}

export function NewScheduledImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('data');
  const networks = useNetworks();
  const create = useCreateImportDefinition();
  const [name, setName] = useState('');
  const [network, setNetwork] = useState<number | ''>('');
  const [sourceType, setSourceType] = useState<'url' | 'upload'>('url');
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<Format>('file');
  const [schedule, setSchedule] = useState('30 2 * * *');
  const [maxRemoved, setMaxRemoved] = useState('5');

  const submit = () => {
    if (network === '') return;
    create.mutate(
      {
        name,
        snapshotGroupId: network,
        source: sourceType === 'url' ? { type: 'url', url, format } : { type: 'upload' },
        schedule: schedule.trim() === '' ? null : schedule.trim(),
        limits: { maxRemovedPercent: Number(maxRemoved), maxAddedPercent: null, allowSkippedRows: false },
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="scheduled-import-dialog">
      <DialogTitle>{t('scheduled.new')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {create.isError && <Alert severity="error">{create.error.message}</Alert>}
          <TextField
            label={t('scheduled.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
          <TextField
            select
            label={t('scheduled.network')}
            value={network}
            onChange={(e) => setNetwork(Number(e.target.value))}
            helperText={t('scheduled.networkHelp')}
            required
          >
            {(networks.data ?? []).map((n) => (
              <MenuItem key={n.snapshotGroupEntityId} value={n.snapshotGroupEntityId}>
                {n.snapshotGroupName}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('scheduled.source')}
            value={sourceType}
            onChange={(e) => setSourceType(e.target.value as 'url' | 'upload')}
          >
            <MenuItem value="url">{t('scheduled.sourceUrl')}</MenuItem>
            <MenuItem value="upload">{t('scheduled.sourceUpload')}</MenuItem>
          </TextField>
          {sourceType === 'url' && (
            <>
              <TextField
                label={t('scheduled.url')}
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                placeholder="http://gis.example.lan/ogc/collections/mains/items"
                required
              />
              <TextField
                select
                label={t('scheduled.format')}
                value={format}
                onChange={(e) => setFormat(e.target.value as Format)}
              >
                {IMPORT_URL_FORMATS.map((f) => (
                  <MenuItem key={f} value={f}>
                    {t(`scheduled.formats.${f}`)}
                  </MenuItem>
                ))}
              </TextField>
            </>
          )}
          <TextField
            label={t('scheduled.schedule')}
            value={schedule}
            onChange={(e) => setSchedule(e.target.value)}
            helperText={t('scheduled.scheduleHelp')}
          />
          <TextField
            type="number"
            label={t('scheduled.maxRemoved')}
            value={maxRemoved}
            onChange={(e) => setMaxRemoved(e.target.value)}
            helperText={t('scheduled.maxRemovedHelp')}
            slotProps={{ htmlInput: { min: 0, max: 100, step: 0.5 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('scheduled.cancel')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={
            create.isPending || name.trim() === '' || network === '' || (sourceType === 'url' && url === '')
          }
          data-testid="scheduled-import-save"
        >
          {t('scheduled.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

// Platform staff pick an organisation and see its clients, with the switch of their own client (issue 17,
// organization_clients); they create and rename organisations here too.
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TOAST_MS } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/index.ts';
import { useOrganisationClients, useOrganisations, useSaveOrganisation } from '../api/organisations.ts';
import { ClientsTable } from './ClientsTable.tsx';

interface Props {
  currentClientId: number | undefined;
  switching: boolean;
  onSwitch: (clientId: number) => void;
}

export function OrganisationsPanel({ currentClientId, switching, onSwitch }: Props) {
  const { t } = useTranslation('admin');
  const { show } = useToast();
  const organisations = useOrganisations(true);
  const [selected, setSelected] = useState<number | undefined>(undefined);
  const [name, setName] = useState('');
  const save = useSaveOrganisation();
  const clients = useOrganisationClients(selected);
  const current = organisations.data?.find((o) => o.id === selected);

  const submit = (id: number | undefined) =>
    save.mutate(
      { id, body: { name: name.trim() } },
      {
        onSuccess: (saved) => {
          setSelected(saved.id);
          setName('');
          show({ text: t('workflow.saved'), color: 'success', timer: TOAST_MS.normal });
        },
        onError: () => show({ text: t('workflow.saveFailed'), color: 'error', timer: TOAST_MS.long }),
      },
    );

  return (
    <Stack spacing={2} data-testid="admin-organisations">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('organisations.pick')}
          value={selected ?? ''}
          onChange={(e) => setSelected(Number(e.target.value))}
          sx={{ minWidth: 280 }}
          slotProps={{ htmlInput: { 'data-testid': 'admin-organisation-select' } }}
        >
          {(organisations.data ?? []).map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {t('organisations.option', { name: o.name, count: o.clientCount })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('organisations.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'admin-organisation-name' } }}
        />
        <Button disabled={!name.trim() || save.isPending} onClick={() => submit(undefined)}>
          {t('organisations.create')}
        </Button>
        <Button disabled={!name.trim() || !current || save.isPending} onClick={() => submit(current?.id)}>
          {t('organisations.rename')}
        </Button>
      </Stack>
      {current && clients.data?.length === 0 && (
        <Typography color="text.secondary">{t('organisations.noClients')}</Typography>
      )}
      {current && !!clients.data?.length && (
        <ClientsTable
          clients={clients.data}
          currentClientId={currentClientId}
          switching={switching}
          onSwitch={onSwitch}
        />
      )}
    </Stack>
  );
}

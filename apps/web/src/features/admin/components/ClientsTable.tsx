// The platform staff's list of client organisations, with the switch of their own client (ADM-07/08).
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { AdminClient } from '../api/get-admin-clients.ts';

interface Props {
  clients: AdminClient[];
  currentClientId: number | undefined;
  switching: boolean;
  onSwitch: (clientId: number) => void;
}

export function ClientsTable({ clients, currentClientId, switching, onSwitch }: Props) {
  const { t } = useTranslation('admin');
  return (
    <Table size="small" data-testid="admin-clients">
      <TableHead>
        <TableRow>
          <TableCell>{t('clients.id')}</TableCell>
          <TableCell>{t('clients.name')}</TableCell>
          <TableCell>{t('clients.country')}</TableCell>
          <TableCell>{t('clients.status')}</TableCell>
          <TableCell>{t('clients.subscriptions')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {clients.map((client) => {
          const current = client.id === currentClientId;
          return (
            <TableRow key={client.id} data-testid={`admin-client-${client.id}`} selected={current}>
              <TableCell>{client.id}</TableCell>
              <TableCell>{client.name}</TableCell>
              <TableCell>{client.details.country}</TableCell>
              <TableCell>
                {t(`clients.statusCode.${client.clientStatusTypeCode}`)}
                {!client.isActive && ` · ${t('clients.inactive')}`}
              </TableCell>
              <TableCell sx={{ maxWidth: 280 }}>
                {client.subscriptions.map((s) => (
                  <Chip key={s} label={s} size="small" sx={{ mr: 0.5, mb: 0.5 }} />
                ))}
              </TableCell>
              <TableCell align="right">
                {current ? (
                  <Chip color="primary" label={t('clients.current')} size="small" />
                ) : (
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={switching}
                    onClick={() => onSwitch(client.id)}
                    data-testid={`admin-switch-${client.id}`}
                  >
                    {t('clients.switch')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

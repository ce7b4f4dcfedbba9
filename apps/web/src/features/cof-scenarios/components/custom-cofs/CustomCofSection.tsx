// The scenario's custom COFs (001 §3 customCofs, COF-API-04): amounts added to the COF of the pipes a rule selects.
// Listed with their rule in words; added, edited, switched on or off and removed in the draft, saved with the rest.
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DiameterUnit } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextCustomCofId } from '../../lib/custom-cof-form.ts';
import { ruleSummary } from '../../lib/rule-summary.ts';
import type { CustomCof } from '../../types.ts';
import { CustomCofDialog } from './CustomCofDialog.tsx';

export interface CustomCofSectionProps {
  cofs: CustomCof[];
  readOnly: boolean;
  datasetId: number | null;
  unit: DiameterUnit;
  language: string;
  formatAmount: (amount: number) => string;
  currency: string;
  onChange: (cofs: CustomCof[]) => void;
}

export function CustomCofSection(props: CustomCofSectionProps) {
  const { t } = useTranslation(['cof', 'details']);
  const { cofs, readOnly, onChange } = props;
  // The custom COF whose dialog is open: 'new', one of the list, or none.
  const [editing, setEditing] = useState<CustomCof | 'new' | null>(null);
  const replace = (cof: CustomCof) =>
    onChange(
      cofs.some((c) => c.id === cof.id) ? cofs.map((c) => (c.id === cof.id ? cof : c)) : [...cofs, cof],
    );

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="custom-cofs">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <div>
          <Typography variant="h6" component="h2">
            {t('cof:customCofs.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('cof:customCofs.help')}
          </Typography>
        </div>
        {!readOnly && (
          <Button startIcon={<Add />} onClick={() => setEditing('new')} data-testid="custom-cof-add">
            {t('cof:customCofs.add')}
          </Button>
        )}
      </Stack>
      {cofs.length === 0 ? (
        <Typography color="text.secondary" data-testid="custom-cofs-empty">
          {t('cof:customCofs.empty')}
        </Typography>
      ) : (
        <Table size="small" aria-label={t('cof:customCofs.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('cof:customCofs.on')}</TableCell>
              <TableCell>{t('cof:customCofs.name')}</TableCell>
              <TableCell>{t('cof:customCofs.appliesTo')}</TableCell>
              <TableCell align="right">{t('cof:customCofs.amount')}</TableCell>
              {!readOnly && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {cofs.map((cof) => (
              <TableRow key={cof.id} data-testid="custom-cof-row" data-enabled={cof.enabled}>
                <TableCell padding="checkbox">
                  <Switch
                    size="small"
                    checked={cof.enabled}
                    disabled={readOnly}
                    onChange={(_e, enabled) => replace({ ...cof, enabled })}
                    slotProps={{ input: { 'aria-label': t('cof:customCofs.toggle', { name: cof.name }) } }}
                  />
                </TableCell>
                <TableCell>{cof.name}</TableCell>
                <TableCell>{ruleSummary(t, cof.rule, props.unit, props.language)}</TableCell>
                <TableCell align="right">{props.formatAmount(cof.amount)}</TableCell>
                {!readOnly && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton
                      size="small"
                      aria-label={t('cof:customCofs.edit', { name: cof.name })}
                      onClick={() => setEditing(cof)}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={t('cof:customCofs.remove', { name: cof.name })}
                      onClick={() => onChange(cofs.filter((c) => c.id !== cof.id))}
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing !== null && (
        <CustomCofDialog
          editing={editing === 'new' ? null : editing}
          base={editing === 'new' ? { id: nextCustomCofId(cofs), enabled: true } : editing}
          datasetId={props.datasetId}
          currency={props.currency}
          unit={props.unit}
          onCancel={() => setEditing(null)}
          onApply={(cof) => {
            replace(cof);
            setEditing(null);
          }}
        />
      )}
    </Paper>
  );
}

// One row of the scenario list: the country default (read-only, 'Copy to edit') or a saved scenario (open, delete),
// each with its type, whether it is in use (a switch) and where its figures stand.
import ContentCopy from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { scenarioName } from '../../lib/names.ts';
import type { CofScenario } from '../../types.ts';
import { RunState } from '../RunState.tsx';
import { ScenarioTypeLabel } from '../ScenarioTypeLabel.tsx';

export interface ScenarioRowProps {
  scenario: CofScenario;
  canEdit: boolean;
  busy: boolean;
  onToggle: (on: boolean) => void;
  onCopy: () => void;
  onDelete: () => void;
}

export function ScenarioRow({ scenario, canEdit, busy, onToggle, onCopy, onDelete }: ScenarioRowProps) {
  const { t } = useTranslation('cof');
  const isDefault = scenario.id === null;
  const name = scenarioName(t, scenario);
  const to = `/cof/scenarios/${scenario.id}`;
  return (
    <TableRow
      data-testid={isDefault ? 'cof-default-row' : 'cof-scenario-row'}
      data-id={scenario.id ?? 'default'}
      data-enabled={scenario.enabled}
      selected={scenario.enabled}
    >
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {isDefault ? (
            <span data-testid="cof-scenario-name">{name}</span>
          ) : (
            <Link component={RouterLink} to={to} data-testid="cof-scenario-name" underline="hover">
              {name}
            </Link>
          )}
          {isDefault && <Chip size="small" variant="outlined" label={t('list.readOnly')} />}
        </Stack>
      </TableCell>
      <TableCell>
        <ScenarioTypeLabel type={scenario.type} />
      </TableCell>
      <TableCell>
        <Switch
          checked={scenario.enabled}
          // The default cannot be turned off by itself: another scenario is turned on instead.
          disabled={!canEdit || busy || (isDefault && scenario.enabled)}
          onChange={(_e, on) => onToggle(on)}
          slotProps={{ input: { 'aria-label': t('list.useScenario', { name }) } }}
          data-testid="cof-scenario-enabled"
        />
      </TableCell>
      <TableCell>
        <RunState runs={scenario.runs} enabled={scenario.enabled} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {isDefault ? (
          canEdit && (
            <Button size="small" startIcon={<ContentCopy />} onClick={onCopy} data-testid="cof-copy-default">
              {t('list.copyToEdit')}
            </Button>
          )
        ) : (
          <>
            <Tooltip title={canEdit ? t('list.open') : t('list.view')}>
              <IconButton
                component={RouterLink}
                to={to}
                size="small"
                aria-label={`${canEdit ? t('list.open') : t('list.view')}: ${name}`}
                data-testid="cof-scenario-open"
              >
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            {canEdit && (
              <Tooltip title={t('list.delete')}>
                <IconButton
                  size="small"
                  aria-label={`${t('list.delete')}: ${name}`}
                  onClick={onDelete}
                  disabled={busy}
                  data-testid="cof-scenario-delete"
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </>
        )}
      </TableCell>
    </TableRow>
  );
}

// One planner scenario in the filter pane: its name (renamed inline), its date range, and when selected and not
// folded, its dates to edit and 'Save filters' (the map's filters into this scenario).
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TOAST_MS } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../components/toast/index.ts';
import type { ScenarioView } from '../../api/types.ts';
import type { ScenarioPatch } from '../../api/update-planner-scenario.ts';
import { usePlannerFormat } from '../../hooks/use-planner-format.ts';
import { datePatch } from '../../lib/scenario-rules.ts';
import { ScenarioNameEditor } from './ScenarioNameEditor.tsx';

export interface ScenarioItemProps {
  scenario: ScenarioView;
  selected: boolean;
  collapsed: boolean;
  unsaved: boolean;
  canPlan: boolean;
  saving: boolean;
  onClick: () => void;
  onPatch: (patch: ScenarioPatch) => void;
  onDelete: () => void;
  onSaveFilters: () => void;
}

export function ScenarioItem(props: ScenarioItemProps) {
  const { scenario, selected, collapsed, unsaved, canPlan } = props;
  const { t } = useTranslation('planner');
  const fmt = usePlannerFormat();
  const [editing, setEditing] = useState(false);
  const open = selected && !collapsed;

  const [dateError, setDateError] = useState<'startDate' | 'endDate' | null>(null);
  const dateField = (field: 'startDate' | 'endDate') => (
    <TextField
      // A date changed elsewhere (another user, a refetch) starts the field afresh.
      key={scenario[field]}
      type="date"
      size="small"
      label={t(`scenarios.${field}`)}
      defaultValue={scenario[field]}
      disabled={!canPlan}
      error={dateError === field}
      helperText={dateError === field ? t('scenarios.endBeforeStart') : undefined}
      onBlur={(e) => {
        const edit = datePatch(field, e.target.value, scenario);
        setDateError(edit && 'error' in edit ? field : null);
        if (!edit || 'error' in edit) return;
        props.onPatch(edit.patch);
        if (edit.movedEnd) {
          toast.show({
            text: t('scenarios.endMoved', { date: fmt.day(edit.movedEnd) }),
            color: 'info',
            timer: TOAST_MS.normal,
          });
        }
      }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `scenario-${field}` } }}
    />
  );

  return (
    <Box
      data-testid="planner-scenario"
      data-id={scenario.id}
      data-selected={selected}
      data-collapsed={selected && collapsed}
      sx={{
        border: 1,
        borderColor: selected ? 'primary.main' : 'divider',
        borderRadius: 1,
        p: 1,
        bgcolor: selected ? 'action.selected' : undefined,
      }}
    >
      <Stack
        direction="row"
        spacing={0.5}
        sx={{ alignItems: 'center', cursor: 'pointer' }}
        role="button"
        tabIndex={0}
        aria-expanded={open}
        onClick={editing ? undefined : props.onClick}
        onKeyDown={(e) => {
          if (!editing && (e.key === 'Enter' || e.key === ' ') && e.target === e.currentTarget) {
            e.preventDefault();
            props.onClick();
          }
        }}
      >
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
        {editing ? (
          <ScenarioNameEditor name={scenario.name} onSave={props.onPatch} onDone={() => setEditing(false)} />
        ) : (
          <Typography sx={{ flex: 1, fontWeight: selected ? 600 : 400 }} data-testid="scenario-name">
            {scenario.name}
          </Typography>
        )}
        {selected && unsaved && !editing && (
          <Chip size="small" color="warning" label={t('scenarios.unsaved')} data-testid="scenario-unsaved" />
        )}
        {canPlan && !editing && (
          <>
            <IconButton
              size="small"
              aria-label={t('scenarios.rename')}
              data-testid="scenario-rename"
              onClick={(e) => {
                e.stopPropagation();
                setEditing(true);
              }}
            >
              <EditOutlined fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={t('scenarios.delete')}
              data-testid="scenario-delete"
              onClick={(e) => {
                e.stopPropagation();
                props.onDelete();
              }}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </>
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary" sx={{ pl: 3 }}>
        {t('scenarios.range', { start: fmt.day(scenario.startDate), end: fmt.day(scenario.endDate) })}
      </Typography>
      {open && (
        <Stack spacing={1.5} sx={{ pt: 1.5 }}>
          <Stack direction="row" spacing={1}>
            {dateField('startDate')}
            {dateField('endDate')}
          </Stack>
          {scenario.savedFilters === null && (
            <Typography variant="body2" color="text.secondary">
              {t('scenarios.noFilters')}
            </Typography>
          )}
          {canPlan && (
            <Button
              size="small"
              variant="contained"
              startIcon={<SaveOutlined />}
              disabled={props.saving}
              onClick={props.onSaveFilters}
              data-testid="scenario-save-filters"
            >
              {t('scenarios.saveFilters')}
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}

// The editor's head: the scenario's name (editable), its derived type, whether it is in use, where its figures
// stand, and Use (when not in use) / Discard / Save.
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { CofRunState, ScenarioType } from '../../types.ts';
import { RunState } from '../RunState.tsx';
import { ScenarioTypeLabel } from '../ScenarioTypeLabel.tsx';

export interface EditorHeaderProps {
  name: string;
  nameMissing: boolean;
  type: ScenarioType;
  enabled: boolean;
  runs: readonly CofRunState[];
  readOnly: boolean;
  dirty: boolean;
  saving: boolean;
  /** A save or a switch is under way: no second one meanwhile. */
  busy: boolean;
  onName: (name: string) => void;
  onDiscard: () => void;
  onSave: () => void;
  /** Put this scenario in use (it is not yet). */
  onUse: () => void;
}

export function EditorHeader(props: EditorHeaderProps) {
  const { t } = useTranslation('cof');
  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <TextField
          label={t('editor.name')}
          value={props.name}
          onChange={(e) => props.onName(e.target.value)}
          error={props.nameMissing}
          helperText={props.nameMissing ? t('validation.nameRequired') : undefined}
          sx={{ flex: 1, maxWidth: 480 }}
          slotProps={{
            htmlInput: { readOnly: props.readOnly, maxLength: 120, 'data-testid': 'cof-editor-name' },
          }}
        />
        {!props.readOnly && (
          <Stack direction="row" spacing={1} sx={{ ml: { md: 'auto' } }}>
            {!props.enabled && (
              // Enabling uses what is saved: unsaved edits would not be what runs.
              <Tooltip title={props.dirty ? t('editor.useSaveFirst') : ''}>
                <span>
                  <Button
                    variant="outlined"
                    startIcon={<PlayArrowOutlined />}
                    onClick={props.onUse}
                    disabled={props.dirty || props.busy}
                    data-testid="cof-use"
                  >
                    {t('editor.use')}
                  </Button>
                </span>
              </Tooltip>
            )}
            <Button onClick={props.onDiscard} disabled={!props.dirty || props.busy} data-testid="cof-discard">
              {t('editor.discard')}
            </Button>
            <Button
              variant="contained"
              startIcon={<SaveOutlined />}
              onClick={props.onSave}
              disabled={!props.dirty || props.busy}
              data-testid="cof-save"
            >
              {props.saving ? t('editor.saving') : t('editor.save')}
            </Button>
          </Stack>
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <ScenarioTypeLabel type={props.type} />
        <Chip
          size="small"
          variant={props.enabled ? 'filled' : 'outlined'}
          color={props.enabled ? 'primary' : 'default'}
          label={props.enabled ? t('editor.inUse') : t('editor.notInUse')}
          data-testid="cof-editor-enabled"
        />
        <RunState runs={props.runs} enabled={props.enabled} />
        {props.dirty && (
          <Chip size="small" color="warning" label={t('editor.unsaved')} data-testid="cof-editor-unsaved" />
        )}
      </Stack>
    </Stack>
  );
}

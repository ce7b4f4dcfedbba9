// Inline rename of a planner scenario (PLAN-SCN-05…07): Enter or the check icon saves, Esc or the close icon
// cancels; an empty or unchanged name sends nothing (renamePatch).
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { renamePatch } from '../../lib/scenario-rules.ts';

export interface ScenarioNameEditorProps {
  name: string;
  onSave: (patch: { name: string }) => void;
  onDone: () => void;
}

export function ScenarioNameEditor({ name, onSave, onDone }: ScenarioNameEditorProps) {
  const { t } = useTranslation('planner');
  const [draft, setDraft] = useState(name);
  const save = () => {
    const patch = renamePatch(name, draft);
    if (patch) onSave(patch);
    onDone();
  };
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flex: 1 }} onClick={(e) => e.stopPropagation()}>
      <TextField
        size="small"
        variant="standard"
        autoFocus
        fullWidth
        value={draft}
        error={draft.trim() === ''}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            save();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onDone();
          }
        }}
        slotProps={{ htmlInput: { 'aria-label': t('scenarios.name'), 'data-testid': 'scenario-name-input' } }}
      />
      <IconButton
        size="small"
        onClick={save}
        aria-label={t('scenarios.saveName')}
        data-testid="scenario-name-save"
      >
        <CheckIcon fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        onClick={onDone}
        aria-label={t('scenarios.cancelName')}
        data-testid="scenario-name-cancel"
      >
        <CloseIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

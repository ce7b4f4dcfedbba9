// The project's status change (TBD-14): a menu offering only the transitions canChangeProjectState allows this
// user for this project (lib/status-options.ts); nothing to offer, no button. The change is confirmed with an
// optional note (the inspection's outcome and why, issue 36), kept in the history and mailed to the manager.
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { projectStateCode, type ProjectState } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectDetailView } from '../../api/types.ts';
import { usePlanner } from '../../hooks/planner-context.tsx';
import { statusOptions } from '../../lib/status-options.ts';

export function ProjectStatusMenu(props: {
  project: ProjectDetailView;
  busy: boolean;
  onChange: (status: number, note: string) => void;
}) {
  const { t } = useTranslation('planner');
  const { user } = usePlanner();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [chosen, setChosen] = useState<ProjectState | null>(null);
  const [note, setNote] = useState('');
  const options = statusOptions(user, props.project);
  if (options.length === 0) return null;
  const choose = (state: ProjectState) => {
    setAnchor(null);
    setNote('');
    setChosen(state);
  };
  const confirm = () => {
    if (chosen) props.onChange(projectStateCode(chosen), note.trim());
    setChosen(null);
  };
  return (
    <>
      <Button
        size="small"
        endIcon={<ArrowDropDown />}
        disabled={props.busy}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="project-status-menu"
      >
        {t('project.changeStatus')}
      </Button>
      <Menu open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)}>
        {options.map((state) => (
          <MenuItem key={state} onClick={() => choose(state)} data-testid={`project-status-${state}`}>
            {t(`status.${state}`)}
          </MenuItem>
        ))}
      </Menu>
      <Dialog open={chosen !== null} onClose={() => setChosen(null)} fullWidth maxWidth="xs">
        <DialogTitle>{chosen && t('project.statusTo', { status: t(`status.${chosen}`) })}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            multiline
            minRows={2}
            fullWidth
            margin="dense"
            label={t('project.statusNote')}
            helperText={t('project.statusNoteHint')}
            value={note}
            onChange={(e) => setNote(e.target.value.slice(0, 2000))}
            slotProps={{ htmlInput: { 'data-testid': 'project-status-note' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setChosen(null)}>{t('common.cancel')}</Button>
          <Button variant="contained" onClick={confirm} data-testid="project-status-confirm">
            {t('project.statusConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

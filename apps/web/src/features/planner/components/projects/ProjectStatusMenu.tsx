// The project's status change (TBD-14): a menu offering only the transitions canChangeProjectState allows this
// user for this project (lib/status-options.ts); nothing to offer, no button.
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
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
  onChange: (status: number) => void;
}) {
  const { t } = useTranslation('planner');
  const { user } = usePlanner();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const options = statusOptions(user, props.project);
  if (options.length === 0) return null;
  const choose = (state: ProjectState) => {
    setAnchor(null);
    props.onChange(projectStateCode(state));
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
    </>
  );
}

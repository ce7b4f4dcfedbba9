// A project's status changes, oldest first (issue 36): when, who, from and to, and the note they wrote (the
// inspection's outcome). Nothing shown before the first change.
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { projectStateOf } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import type { ProjectDetailView } from '../../api/types.ts';
import { usePlanner } from '../../hooks/planner-context.tsx';
import { usePlannerFormat } from '../../hooks/use-planner-format.ts';

export function ProjectHistory({ history }: { history: ProjectDetailView['history'] }) {
  const { t } = useTranslation('planner');
  const fmt = usePlannerFormat();
  const { timeZone } = usePlanner();
  if (history.length === 0) return null;
  const state = (code: number) => t(`status.${projectStateOf(code) ?? 'inProgress'}`);
  return (
    <>
      <Typography variant="subtitle2">{t('project.history')}</Typography>
      <List dense disablePadding data-testid="project-history">
        {history.map((e) => (
          <ListItem key={`${e.createdAt}-${e.toStatus}`} disableGutters data-testid="project-event">
            <ListItemText
              primary={t('project.historyLine', {
                date: fmt.moment(e.createdAt, timeZone),
                user: e.userName,
                from: state(e.fromStatus),
                to: state(e.toStatus),
              })}
              secondary={e.note || undefined}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}

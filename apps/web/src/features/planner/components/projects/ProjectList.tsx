// The project list (PLAN-LIST-01…04): 5 per page, newest first, with the total count and each project's status,
// length and cost; replaced only by an answer with projects (hooks/use-project-list.ts). A click opens one. With
// `mine`, the projects the user is the inspector of ("My inspections", issue 36), paged on their own.
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlanner } from '../../hooks/planner-context.tsx';
import { useProjectList } from '../../hooks/use-project-list.ts';
import { usePlannerFormat } from '../../hooks/use-planner-format.ts';
import { totalLength } from '../../lib/project-report.ts';
import { usePlannerStore } from '../../state.ts';
import { Pager } from '../ui/Pager.tsx';
import { StatusChip } from './StatusChip.tsx';

export function ProjectList({ mine = false }: { mine?: boolean }) {
  const { t } = useTranslation('planner');
  const { datasetId } = usePlanner();
  const fmt = usePlannerFormat();
  const storedPage = usePlannerStore((s) => s.projectPage);
  const setStoredPage = usePlannerStore((s) => s.setProjectPage);
  const [minePage, setMinePage] = useState(1);
  const page = mine ? minePage : storedPage;
  const setPage = mine ? setMinePage : setStoredPage;
  const generation = usePlannerStore((s) => s.projectListGeneration);
  const openProject = usePlannerStore((s) => s.openProject);
  const list = useProjectList(datasetId, page, generation, mine);
  const shown = list.shown;

  if (list.isPending && !shown) return <CircularProgress size={24} />;
  if (list.isError && !shown) return <Alert severity="error">{t('projects.loadFailed')}</Alert>;
  return (
    <Stack spacing={1} data-testid={mine ? 'inspection-list' : 'project-list'}>
      {shown && shown.items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t(mine ? 'projects.noInspections' : 'projects.empty')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {shown?.items.map((project) => (
            <ListItemButton
              key={project.id}
              onClick={() => openProject(project.id)}
              data-testid="project-item"
              data-id={project.id}
            >
              <ListItemText
                primary={project.name}
                secondary={t('projects.line', {
                  count: project.pipeCount,
                  length: totalLength(fmt, project.totalLengthM),
                  cost: fmt.money(project.totalCost, project.repairCostUnit.currency),
                })}
              />
              <StatusChip status={project.status} />
            </ListItemButton>
          ))}
        </List>
      )}
      <Pager meta={shown?.meta} page={page} onPage={setPage} testId="project-list" />
    </Stack>
  );
}

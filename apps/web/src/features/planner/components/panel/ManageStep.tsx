// Step 1, MANAGE (PLAN-03): the projects and plans of the dataset, the projects the user inspects (issue 36), an
// open project's detail, and the way into planning new work.
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { usePlanner } from '../../hooks/planner-context.tsx';
import { usePlannerStore, type ManageTab } from '../../state.ts';
import { PlanList } from '../plans/PlanList.tsx';
import { PortfolioView } from '../portfolio/PortfolioView.tsx';
import { ProjectDetail } from '../projects/ProjectDetail.tsx';
import { ProjectList } from '../projects/ProjectList.tsx';
import { ProgrammeEntry } from '../programme/ProgrammeEntry.tsx';

export function ManageStep() {
  const { t } = useTranslation('planner');
  const { canPlan, user } = usePlanner();
  const tab = usePlannerStore((s) => s.manageTab);
  const setTab = usePlannerStore((s) => s.setManageTab);
  const projectId = usePlannerStore((s) => s.currentProjectId);
  const setStep = usePlannerStore((s) => s.setStep);

  if (tab === 'projects' && projectId !== null) return <ProjectDetail id={projectId} />;
  return (
    <Stack spacing={1} data-testid="planner-manage">
      {canPlan && (
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setStep('area')}
          data-testid="planner-new-work"
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('manage.newWork')}
        </Button>
      )}
      <ProgrammeEntry />
      <Tabs
        value={tab}
        onChange={(_, next: ManageTab) => setTab(next)}
        aria-label={t('manage.tabs')}
        variant="scrollable"
        scrollButtons="auto"
      >
        <Tab value="projects" label={t('manage.projects')} data-testid="planner-tab-projects" />
        <Tab value="plans" label={t('manage.plans')} data-testid="planner-tab-plans" />
        <Tab value="portfolio" label={t('manage.portfolio')} data-testid="planner-tab-portfolio" />
        {!user.isDemo && (
          <Tab value="inspections" label={t('manage.inspections')} data-testid="planner-tab-inspections" />
        )}
      </Tabs>
      {tab === 'projects' && <ProjectList />}
      {tab === 'plans' && <PlanList />}
      {tab === 'portfolio' && <PortfolioView />}
      {tab === 'inspections' && <ProjectList mine />}
    </Stack>
  );
}

// One project (spec 001 §2/§3): status with the allowed changes, facts, totals (length, cost with the uncosted
// pipes, project-wide LOF, total risk), its pipes, and edit / export / print / zoom / delete.
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProject } from '../../api/get-project.ts';
import { useProjectGeometry } from '../../api/get-project-geometry.ts';
import { usePlanner } from '../../hooks/planner-context.tsx';
import { useMapBridge } from '../../hooks/panel-context.tsx';
import { useProjectActions } from '../../hooks/use-project-actions.ts';
import { usePlannerFormat } from '../../hooks/use-planner-format.ts';
import { projectBox } from '../../lib/map-shapes.ts';
import { overBudget, projectFacts, projectTotals } from '../../lib/project-report.ts';
import { usePlannerStore } from '../../state.ts';
import { PairList } from '../ui/PairList.tsx';
import { ProjectDialog } from './ProjectDialog.tsx';
import { ProjectPipesTable } from './ProjectPipesTable.tsx';
import { ProjectHistory } from './ProjectHistory.tsx';
import { ProjectStatusMenu } from './ProjectStatusMenu.tsx';
import { StatusChip } from './StatusChip.tsx';

export function ProjectDetail({ id }: { id: number }) {
  const { t } = useTranslation('planner');
  const { canPlan, datasetId } = usePlanner();
  const fmt = usePlannerFormat();
  const bridge = useMapBridge();
  const openProject = usePlannerStore((s) => s.openProject);
  const { data: project, isPending, isError } = useProject(id);
  const where = useProjectGeometry(datasetId).data?.find((p) => p.id === id);
  const actions = useProjectActions();
  const [editing, setEditing] = useState(false);
  const [pdfAnchor, setPdfAnchor] = useState<HTMLElement | null>(null);
  // Its pipes and its drawn area: a proposal made a project has pipes but no area (issue 36).
  const box = projectBox(where);

  const back = (
    <IconButton
      size="small"
      onClick={() => openProject(null)}
      aria-label={t('project.back')}
      data-testid="project-back"
    >
      <ArrowBack fontSize="small" />
    </IconButton>
  );
  if (isPending) return <CircularProgress size={24} />;
  if (isError || !project) {
    return (
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        {back}
        <Alert severity="error">{t('project.loadFailed')}</Alert>
      </Stack>
    );
  }
  return (
    <Stack spacing={1.5} data-testid="project-detail" data-id={project.id}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {back}
        <Typography
          variant="subtitle1"
          component="h3"
          sx={{ flex: 1, fontWeight: 600 }}
          data-testid="project-title"
        >
          {project.name}
        </Typography>
        <StatusChip status={project.status} />
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <ProjectStatusMenu
          project={project}
          busy={actions.busy}
          onChange={(s, note) => actions.setStatus(project, s, note)}
        />
        {canPlan && (
          <Button size="small" onClick={() => setEditing(true)} data-testid="project-edit">
            {t('project.edit')}
          </Button>
        )}
        <Button
          size="small"
          onClick={() => void actions.exportFile(project, 'csv')}
          data-testid="project-export-csv"
        >
          {t('project.exportCsv')}
        </Button>
        <Button
          size="small"
          onClick={() => void actions.exportFile(project, 'geojson')}
          data-testid="project-export-geojson"
        >
          {t('project.exportGeojson')}
        </Button>
        <Button size="small" onClick={() => void actions.print(project)} data-testid="project-print">
          {t('project.print')}
        </Button>
        <Button
          size="small"
          endIcon={<ArrowDropDown />}
          onClick={(e) => setPdfAnchor(e.currentTarget)}
          data-testid="project-pdf"
        >
          {t('pdf.button')}
        </Button>
        <Menu open={pdfAnchor !== null} anchorEl={pdfAnchor} onClose={() => setPdfAnchor(null)}>
          {(['a4', 'letter'] as const).map((paper) => (
            <MenuItem
              key={paper}
              onClick={() => {
                setPdfAnchor(null);
                void actions.pdf(project, paper, box);
              }}
              data-testid={`project-pdf-${paper}`}
            >
              {t(`pdf.${paper}`)}
            </MenuItem>
          ))}
        </Menu>
        {box && (
          <Button size="small" onClick={() => bridge.zoomTo(box)} data-testid="project-zoom">
            {t('project.zoom')}
          </Button>
        )}
        {canPlan && (
          <Button
            size="small"
            color="error"
            disabled={actions.busy}
            onClick={() => void actions.deleteProject(project)}
            data-testid="project-delete"
          >
            {t('project.delete')}
          </Button>
        )}
      </Stack>
      <PairList pairs={projectFacts(project, fmt, t)} testId="project-facts" />
      <Typography variant="subtitle2">{t('totals.title')}</Typography>
      <PairList pairs={projectTotals(project, fmt, t)} testId="project-totals" />
      {overBudget(project) && (
        <Chip size="small" color="warning" label={t('totals.overBudget')} sx={{ alignSelf: 'flex-start' }} />
      )}
      {project.items.length > 0 ? (
        <ProjectPipesTable items={project.items} unit={project.repairCostUnit} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('project.noPipes')}
        </Typography>
      )}
      <ProjectHistory history={project.history} />
      <ProjectDialog project={project} open={editing} onClose={() => setEditing(false)} />
    </Stack>
  );
}

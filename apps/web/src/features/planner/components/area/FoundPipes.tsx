// The pipe finder's answer: how many pipes and how much length of the searched area, the pipes (highlighted on the
// map), how many were left out because an active project holds them (issue 36), and what to do with them: a new
// project, or add them to an existing one (PATCH pipe_ids).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectDefaults } from '../../api/get-project-defaults.ts';
import { useProjectGeometry } from '../../api/get-project-geometry.ts';
import type { PipeFinderResultView } from '../../api/types.ts';
import { useUpdateProject } from '../../api/update-project.ts';
import { usePlanner } from '../../hooks/planner-context.tsx';
import { usePlannerFormat } from '../../hooks/use-planner-format.ts';
import { errorText } from '../../lib/error-text.ts';
import { totalLength } from '../../lib/project-report.ts';
import { usePlannerStore } from '../../state.ts';
import { ProjectPipesTable } from '../projects/ProjectPipesTable.tsx';

export function FoundPipes({ found }: { found: PipeFinderResultView }) {
  const { t } = useTranslation('planner');
  const { datasetId, canPlan, currency } = usePlanner();
  const fmt = usePlannerFormat();
  const defaults = useProjectDefaults(datasetId);
  const projects = useProjectGeometry(datasetId).data ?? [];
  const update = useUpdateProject(datasetId);
  const draftProject = usePlannerStore((s) => s.draftProject);
  const openProject = usePlannerStore((s) => s.openProject);
  const [target, setTarget] = useState<number | ''>('');
  const ids = found.pipes.map((p) => p.pipeId);
  const share = found.areaLengthM > 0 ? (found.totalLengthM / found.areaLengthM) * 100 : null;

  const addTo = (projectId: number) => {
    const existing = projects.find((p) => p.id === projectId)?.pipeIds ?? [];
    const pipeIds = [...new Set([...existing, ...ids])];
    update.mutate({ id: projectId, patch: { pipeIds } }, { onSuccess: () => openProject(projectId) });
  };

  return (
    <Stack spacing={1} data-testid="found-pipes" data-count={found.pipes.length}>
      <Typography variant="body2" data-testid="found-summary">
        {t('finder.found', {
          count: found.pipes.length,
          length: totalLength(fmt, found.totalLengthM),
          share: fmt.percent(share),
          total: fmt.number(found.areaPipeCount),
        })}
      </Typography>
      {found.bookedLeftOut > 0 && (
        <Typography variant="caption" color="text.secondary" data-testid="found-booked-left-out">
          {t('booked.leftOut', { count: found.bookedLeftOut })}
        </Typography>
      )}
      {found.pipes.length > 0 && (
        <ProjectPipesTable
          items={found.pipes}
          unit={defaults.data?.repairCostUnit ?? { currency, perLengthUnit: 'm' }}
          testId="found-pipes-table"
        />
      )}
      {canPlan && found.pipes.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="contained"
            size="small"
            onClick={() => draftProject({ pipeIds: ids, area: null })}
            data-testid="found-new-project"
          >
            {t('finder.newProject')}
          </Button>
          {projects.length > 0 && (
            <>
              <TextField
                select
                size="small"
                label={t('finder.addTo')}
                value={target}
                onChange={(e) => setTarget(Number(e.target.value))}
                sx={{ minWidth: 160 }}
                slotProps={{ htmlInput: { 'data-testid': 'found-target' } }}
              >
                {projects.map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {p.name}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                size="small"
                disabled={target === '' || update.isPending}
                onClick={() => target !== '' && addTo(target)}
                data-testid="found-add"
              >
                {t('finder.add')}
              </Button>
            </>
          )}
        </Stack>
      )}
      {update.isError && <Alert severity="error">{errorText(t, update.error)}</Alert>}
    </Stack>
  );
}

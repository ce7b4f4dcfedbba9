// The renewal programme view of /planner/programme (issue 39): the dataset's programmes (name, state, created) to
// open or delete, a new one's form, and the open one's result. Planners create and delete and turn a first year
// into projects; every reader sees the results. The route hands over the user, the dataset, the COF scenario and
// the way to the map.
import AddIcon from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../../components/confirm-dialog/index.ts';
import {
  useDeleteProgramme,
  useProgramme,
  useProgrammes,
  type ProgrammeSummaryView,
} from '../../api/programmes.ts';
import { PlannerProvider, usePlanner } from '../../hooks/planner-context.tsx';
import { usePlannerFormat } from '../../hooks/use-planner-format.ts';
import type { PlannerUser } from '../../lib/viewer.ts';
import { usePlannerStore } from '../../state.ts';
import { ProgrammeForm } from './ProgrammeForm.tsx';
import { ProgrammeResult } from './ProgrammeResult.tsx';

export interface ProgrammeViewProps {
  user: PlannerUser;
  datasetId: number;
  datasetName: string;
  /** The currency the dataset's COF scenario costs in (the user's when none is served). */
  currency: string;
  /** The COF scenario as the app names it, from the programme's own record. */
  cofName: (scenario: { id: number | null; name: string; currency: string }) => string;
  /** The open programme (the address keeps it), null for the form or nothing. */
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  /** Back to the planner on the map, where a shown year's renewals are marked. */
  onOpenMap: () => void;
  thisYear?: number;
}

export function ProgrammeView(props: ProgrammeViewProps) {
  return (
    <PlannerProvider user={props.user} datasetId={props.datasetId}>
      <ProgrammeScreen {...props} />
    </PlannerProvider>
  );
}

const STATE_COLOR = { queued: 'default', running: 'info', done: 'success', failed: 'error' } as const;

function ProgrammeScreen(props: ProgrammeViewProps) {
  const { t } = useTranslation('planner');
  const { canPlan, datasetId, timeZone } = usePlanner();
  const fmt = usePlannerFormat();
  const confirm = useConfirm();
  const list = useProgrammes(datasetId);
  const remove = useDeleteProgramme(datasetId);
  const open = useProgramme(props.selectedId);
  const showYear = usePlannerStore((s) => s.showProgrammeYear);
  const openProject = usePlannerStore((s) => s.openProject);
  const programmes = list.data?.programmes ?? [];
  // A planner with no programme yet starts at the form; 'new' is the form asked for.
  const creating = props.selectedId === null && canPlan;

  const onDelete = async (p: ProgrammeSummaryView) => {
    const ok = await confirm({
      title: t('programme.list.deleteTitle'),
      description: t('programme.list.deleteText', { name: p.name }),
      action: t('programme.list.delete'),
      cancel: t('common.cancel'),
    });
    if (!ok) return;
    remove.mutate(p.id, { onSuccess: () => props.selectedId === p.id && props.onSelect(null) });
  };

  const programme = open.data;
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 1600, mx: 'auto' }} data-testid="programme-view">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }} useFlexGap>
        <Button startIcon={<ArrowBack />} onClick={props.onOpenMap} data-testid="programme-back">
          {t('programme.back')}
        </Button>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('programme.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {props.datasetName}
        </Typography>
      </Stack>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ p: 1.5, width: { xs: '100%', lg: 300 }, flexShrink: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle1" component="h2" sx={{ flex: 1 }}>
              {t('programme.list.title')}
            </Typography>
            {canPlan && (
              <Button
                size="small"
                startIcon={<AddIcon />}
                onClick={() => props.onSelect(null)}
                data-testid="programme-new"
              >
                {t('programme.list.new')}
              </Button>
            )}
          </Stack>
          {list.isPending && <CircularProgress size={20} />}
          {list.isError && <Alert severity="error">{t('programme.list.failed')}</Alert>}
          {list.isSuccess && programmes.length === 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="programme-empty">
              {t('programme.list.empty')}
            </Typography>
          )}
          <List dense disablePadding data-testid="programme-list">
            {programmes.map((p) => (
              <ListItem
                key={p.id}
                disablePadding
                data-testid="programme-item"
                secondaryAction={
                  canPlan && (
                    <IconButton
                      edge="end"
                      aria-label={t('programme.list.deleteNamed', { name: p.name })}
                      onClick={() => void onDelete(p)}
                      data-testid="programme-delete"
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  )
                }
              >
                <ListItemButton selected={p.id === props.selectedId} onClick={() => props.onSelect(p.id)}>
                  <ListItemText
                    primary={p.name}
                    secondary={
                      <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Chip
                          component="span"
                          size="small"
                          label={t(`programme.state.${p.state}`)}
                          color={STATE_COLOR[p.state]}
                          data-testid="programme-state"
                        />
                        <span>{fmt.moment(p.createdAt, timeZone)}</span>
                      </Stack>
                    }
                    slotProps={{ secondary: { component: 'span' } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          {creating && (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="h6" component="h2" gutterBottom>
                {t('programme.form.title')}
              </Typography>
              <ProgrammeForm
                currency={props.currency}
                datasetName={props.datasetName}
                onCreated={(p) => props.onSelect(p.id)}
                {...(props.thisYear !== undefined && { thisYear: props.thisYear })}
              />
            </Paper>
          )}
          {props.selectedId === null && !canPlan && (
            <Typography variant="body2" color="text.secondary" data-testid="programme-pick">
              {programmes.length > 0 ? t('programme.list.pick') : t('programme.list.readOnly')}
            </Typography>
          )}
          {props.selectedId !== null && open.isPending && <CircularProgress size={24} />}
          {props.selectedId !== null && open.isError && (
            <Alert severity="error">{t('errors.notFound')}</Alert>
          )}
          {programme && props.selectedId !== null && (
            <Stack spacing={2}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }} useFlexGap>
                <Typography variant="h6" component="h2" data-testid="programme-name">
                  {programme.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('programme.summary', {
                    first: programme.startYear,
                    last: programme.startYear + programme.horizonYears - 1,
                    strategy: t(`programme.strategy.${programme.strategy}`),
                  })}
                </Typography>
              </Stack>
              <ProgrammeResult
                programme={programme}
                datasetName={props.datasetName}
                cofName={props.cofName({ ...programme.cofScenario, currency: programme.currency })}
                onShowYear={(scenario, year) => {
                  showYear({
                    programmeId: programme.id,
                    scenario,
                    year,
                    label: `${programme.name} – ${programme.scenarios[scenario]?.name ?? ''}`,
                  });
                  props.onOpenMap();
                }}
                onOpenProject={(id) => {
                  openProject(id);
                  props.onOpenMap();
                }}
              />
            </Stack>
          )}
        </Box>
      </Stack>
    </Box>
  );
}

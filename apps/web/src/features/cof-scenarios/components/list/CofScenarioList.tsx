// /cof/scenarios (001 §2, COF-RT-01): the current snapshot group's COF scenarios — the country default as a read-only
// row and the saved ones, newest first — with what each is, whether it is in use and where its figures stand.
// Creating copies the default or a saved scenario and opens the copy.
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { TOAST_MS } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../../../components/toast/index.ts';
import { useCreateCofScenario } from '../../api/create-cof-scenario.ts';
import { useCofScenarios } from '../../api/get-cof-scenarios.ts';
import { useScenarioActions } from '../../hooks/use-scenario-actions.ts';
import { errorText } from '../../lib/error-text.ts';
import type { CofViewer } from '../../lib/viewer.ts';
import { useCofSwitchStore } from '../../state.ts';
import { CreateScenarioDialog } from './CreateScenarioDialog.tsx';
import { ScenarioRow } from './ScenarioRow.tsx';

export interface CofScenarioListProps {
  snapshotGroupId: number;
  groupName: string;
  viewer: CofViewer;
  /** The scenario in use changed: the route fetches the dataset and the snapshot groups again. */
  onApplied?: () => void;
}

export function CofScenarioList({ snapshotGroupId, groupName, viewer, onApplied }: CofScenarioListProps) {
  const { t } = useTranslation('cof');
  const navigate = useNavigate();
  const { show } = useToast();
  const { data, error, isPending } = useCofScenarios(snapshotGroupId);
  const actions = useScenarioActions(snapshotGroupId, data, onApplied);
  const create = useCreateCofScenario(snapshotGroupId);
  const switchingTo = useCofSwitchStore((s) => s.switchingTo);
  // The source the create dialog starts from; undefined while it is closed.
  const [creating, setCreating] = useState<number | null | undefined>(undefined);

  const onCreate = (input: { name: string; copyOf: number | null }) =>
    create.mutate(input, {
      onSuccess: (created) => {
        setCreating(undefined);
        show({ text: t('create.done', { name: created.name }), color: 'success', timer: TOAST_MS.normal });
        if (created.id !== null) void navigate(`/cof/scenarios/${created.id}`);
      },
      onError: (err) => show({ text: errorText(t, err), color: 'error', timer: TOAST_MS.long }),
    });

  const rows = data ? [data.defaultScenario, ...data.cofScenarios] : [];
  return (
    <Container maxWidth="lg" sx={{ py: 3 }} data-testid="cof-scenarios-page">
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 2 }}
      >
        <div>
          <Typography variant="h4" component="h1">
            {t('list.title')}
          </Typography>
          <Typography color="text.secondary">{t('list.subtitle', { group: groupName })}</Typography>
        </div>
        {viewer.canEdit && data && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setCreating(null)}
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            data-testid="cof-create"
          >
            {t('list.create')}
          </Button>
        )}
      </Stack>
      {switchingTo !== null && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="cof-switching">
          {t('switch.switching', { name: switchingTo })}
          <LinearProgress sx={{ mt: 1 }} aria-label={t('switch.switching', { name: switchingTo })} />
        </Alert>
      )}
      {!viewer.canEdit && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="cof-read-only">
          {t('list.readOnlyNotice')}
        </Alert>
      )}
      {error && <Alert severity="error">{errorText(t, error)}</Alert>}
      {isPending && <CircularProgress aria-label={t('list.loading')} />}
      {data && (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label={t('list.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('list.name')}</TableCell>
                  <TableCell>{t('list.type')}</TableCell>
                  <TableCell>{t('list.inUse')}</TableCell>
                  <TableCell>{t('list.results')}</TableCell>
                  <TableCell align="right">{t('list.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((scenario) => (
                  <ScenarioRow
                    key={scenario.id ?? 'default'}
                    scenario={scenario}
                    canEdit={viewer.canEdit}
                    busy={actions.busy}
                    onToggle={(on) => void (on ? actions.putInUse(scenario) : actions.stopUsing(scenario))}
                    onCopy={() => setCreating(null)}
                    onDelete={() => void actions.del(scenario)}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {data.cofScenarios.length === 0 && (
            <Typography color="text.secondary" sx={{ p: 2 }} data-testid="cof-empty">
              {viewer.canEdit ? t('list.emptyEdit') : t('list.empty')}
            </Typography>
          )}
        </Paper>
      )}
      {creating !== undefined && data && (
        <CreateScenarioDialog
          sources={rows}
          initialSource={creating}
          busy={create.isPending}
          onCancel={() => setCreating(undefined)}
          onCreate={onCreate}
        />
      )}
    </Container>
  );
}

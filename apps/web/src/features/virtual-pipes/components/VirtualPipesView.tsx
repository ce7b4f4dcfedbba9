// The virtual pipes of one dataset: the phase and its actions, the filters, the bulk bar and the table. Editing is
// gated as in the details pane: workers and administrators (not demo) of a client with the VP subscription.
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DATA_ORIGIN, VIRTUAL_PIPE_PHASE, type VirtualAttribute } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { materialName, useFormatters, useViewer } from '../../details/index.ts';
import {
  useBulkEdit,
  useDrawSample,
  useMerge,
  usePipePage,
  useSamplingTest,
  useVerify,
  useVirtualPipes,
} from '../api.ts';
import { COLUMNS, type Column } from '../columns.ts';
import { BulkEditBar } from './BulkEditBar.tsx';
import { PhasePanel } from './PhasePanel.tsx';
import { VirtualPipesTable } from './VirtualPipesTable.tsx';

const ANY = 'any';

export function VirtualPipesView({ datasetId }: { datasetId: number }) {
  const { t } = useTranslation(['virtualpipes', 'details']);
  const viewer = useViewer();
  const fmt = useFormatters(viewer);
  /** The page the user turned to; until then the page of the pipe the table was opened for, or the first. */
  const [chosenPage, setPage] = useState<number | null>(null);
  const [orderBy, setOrderBy] = useState('id');
  const [attribute, setAttribute] = useState<VirtualAttribute | undefined>();
  const [status, setStatus] = useState<number | undefined>();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // ?pipe=<id>: opened from a pipe's details; the table opens at that pipe's page with its row marked.
  const [search] = useSearchParams();
  const focus = Number(search.get('pipe')) || null;
  const focusPage = usePipePage(datasetId, focus, orderBy);
  const page = chosenPage ?? focusPage.data ?? 1;
  const pipes = useVirtualPipes(datasetId, { page, orderBy, attribute, status });
  const test = useSamplingTest(datasetId);
  const bulk = useBulkEdit(datasetId);
  const draw = useDrawSample(datasetId);
  const merge = useMerge(datasetId);
  const verify = useVerify(datasetId);
  const clearSelection = { onSuccess: () => setSelected(new Set()) };
  const canEdit = viewer.canEdit && viewer.has('VP');
  const format = (column: Column, value: number | null) =>
    column.wire === 'diameter'
      ? fmt.diameter(value)
      : column.wire === 'install_year'
        ? fmt.year(value)
        : materialName(t, value);
  // A new filter or sort starts again from page 1 with nothing selected.
  const refilter = (apply: () => void) => {
    apply();
    setPage(1);
    setSelected(new Set());
  };
  const phaseError = draw.error ?? merge.error;
  return (
    <Stack data-testid="virtual-pipes-view">
      {test.data && (
        <PhasePanel
          test={test.data}
          canEdit={canEdit}
          pending={draw.isPending || merge.isPending}
          formatShare={fmt.share}
          onDraw={(size) => draw.mutate(size)}
          onMerge={() => merge.mutate(undefined)}
        />
      )}
      {phaseError && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="vp-phase-error">
          {phaseError.message}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('filters.attribute')}
          value={attribute ?? ANY}
          onChange={(e) =>
            refilter(() =>
              setAttribute(e.target.value === ANY ? undefined : (e.target.value as VirtualAttribute)),
            )
          }
          slotProps={{ htmlInput: { 'data-testid': 'vp-filter-attribute' } }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value={ANY}>{t('filters.any')}</MenuItem>
          {COLUMNS.map((c) => (
            <MenuItem key={c.wire} value={c.wire}>
              {t(c.labelKey, { ns: 'details' })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('filters.status')}
          value={status === undefined ? ANY : String(status)}
          onChange={(e) =>
            refilter(() => setStatus(e.target.value === ANY ? undefined : Number(e.target.value)))
          }
          slotProps={{ htmlInput: { 'data-testid': 'vp-filter-status' } }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value={ANY}>{t('filters.anyVirtual')}</MenuItem>
          {/* Status 1 is "not provided": a value estimated, or none where too few pipes carry it (issue 15). */}
          <MenuItem value={String(DATA_ORIGIN.IMPUTED)}>{t('filters.notProvided')}</MenuItem>
          <MenuItem value={String(DATA_ORIGIN.OVERRIDDEN)}>
            {t('attributes.status.overridden', { ns: 'details' })}
          </MenuItem>
          <MenuItem value={String(DATA_ORIGIN.PROVIDED)}>
            {t('attributes.status.provided', { ns: 'details' })}
          </MenuItem>
        </TextField>
      </Stack>
      {canEdit && selected.size > 0 && (
        <BulkEditBar
          selected={[...selected]}
          diameterUnit={viewer.units.diameter}
          pending={bulk.isPending || verify.isPending}
          error={(bulk.error ?? verify.error)?.message ?? null}
          onSubmit={(edit) => bulk.mutate(edit, clearSelection)}
          onVerify={
            test.data?.phase === VIRTUAL_PIPE_PHASE.FINALIZED
              ? (v) => verify.mutate(v, clearSelection)
              : undefined
          }
        />
      )}
      {focus !== null && focusPage.data === null && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="vp-focus-missing">
          {t('focusMissing', { id: focus })}
        </Alert>
      )}
      {pipes.isError && <Alert severity="error">{pipes.error.message}</Alert>}
      {pipes.isPending && <CircularProgress sx={{ alignSelf: 'center' }} />}
      {pipes.data && (
        <VirtualPipesTable
          datasetId={datasetId}
          data={pipes.data}
          orderBy={orderBy}
          onSort={(next) => refilter(() => setOrderBy(next))}
          onPage={setPage}
          selected={selected}
          onSelect={setSelected}
          selectable={canEdit}
          focused={focus}
          format={format}
          formatShare={fmt.share}
        />
      )}
    </Stack>
  );
}

// The virtual pipes of one dataset: the phase and its actions, the filters (attribute, status, the sample only, a
// search by id or address), the bulk bar and the table. Editing is gated as in the details pane: workers and
// administrators (not demo) of a client with the VP subscription. Every write asks first, naming what it changes,
// and reports what it changed (issue 38); a merge with unverified sampled pipes is an administrator's override.
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { can, DATA_ORIGIN, TOAST_MS, VIRTUAL_PIPE_PHASE, type VirtualAttribute } from '@pipewise/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog/index.ts';
import { useToast } from '../../../components/toast/index.ts';
import { materialName, useFormatters, useViewer } from '../../details/index.ts';
import {
  useBulkEdit,
  useDrawSample,
  useMerge,
  usePipePage,
  useSamplingTest,
  useVerify,
  useVirtualPipes,
  type VirtualPipeRow,
} from '../api.ts';
import { COLUMNS, type Column } from '../columns.ts';
import { bulkQuestion, bulkReport, mergeQuestion, unverifiedSentence } from '../texts.ts';
import { BulkEditBar, type BulkAction } from './BulkEditBar.tsx';
import { MergeDialog } from './MergeDialog.tsx';
import { PhasePanel } from './PhasePanel.tsx';
import { VirtualPipesTable } from './VirtualPipesTable.tsx';

const ANY = 'any';
/** The search is asked of the server once typing pauses. */
const SEARCH_DEBOUNCE_MS = 300;

export function VirtualPipesView({ datasetId }: { datasetId: number }) {
  const { t } = useTranslation(['virtualpipes', 'details']);
  const viewer = useViewer();
  const fmt = useFormatters(viewer);
  /** The page the user turned to; until then the page of the pipe the table was opened for, or the first. */
  const [chosenPage, setPage] = useState<number | null>(null);
  const [orderBy, setOrderBy] = useState('id');
  const [attribute, setAttribute] = useState<VirtualAttribute | undefined>();
  const [status, setStatus] = useState<number | undefined>();
  const [sampleOnly, setSampleOnly] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [searchQuery, setSearchQuery] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [mergeOpen, setMergeOpen] = useState(false);
  const confirm = useConfirm();
  const toast = useToast();
  // ?pipe=<id>: opened from a pipe's details; the table opens at that pipe's page with its row marked.
  const [search] = useSearchParams();
  const focus = Number(search.get('pipe')) || null;
  const focusPage = usePipePage(datasetId, focus, orderBy);
  const page = chosenPage ?? focusPage.data ?? 1;
  const pipes = useVirtualPipes(datasetId, {
    page,
    orderBy,
    attribute,
    status,
    sample: sampleOnly,
    search: searchQuery,
  });
  // The rows seen so far, by id: a restore of selected pipes none of which is corrected is said to change nothing
  // before anything is sent.
  const seen = useRef(new Map<number, VirtualPipeRow>());
  useEffect(() => {
    for (const row of pipes.data?.virtualPipes ?? []) seen.current.set(row.id, row);
  }, [pipes.data]);
  const test = useSamplingTest(datasetId);
  const bulk = useBulkEdit(datasetId);
  const draw = useDrawSample(datasetId);
  const merge = useMerge(datasetId);
  const verify = useVerify(datasetId);
  const canEdit = viewer.canEdit && viewer.has('VP');
  const isAdmin = viewer.canEdit && viewer.user !== undefined && can(viewer.user, 'manageClient');
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
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (searchText.trim() === searchQuery) return;
      setSearchQuery(searchText.trim());
      setPage(1);
      setSelected(new Set());
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText, searchQuery]);
  const phaseError = draw.error ?? merge.error;
  const cancel = t('actions.cancel');

  /** Asks, naming what changes; sends; reports what changed (or that nothing did). */
  const runBulk = async (action: BulkAction) => {
    const label = t(`bulk.${action.kind}`);
    if (action.kind === 'restore') {
      const known = action.pipeIds.map((id) => seen.current.get(id));
      if (known.every((r) => r && r[action.column.row].status !== DATA_ORIGIN.OVERRIDDEN)) {
        toast.show({ text: bulkReport(t, action, 0), color: 'info', timer: TOAST_MS.long });
        return;
      }
    }
    if (!(await confirm({ title: label, description: bulkQuestion(t, action), action: label, cancel }))) {
      return;
    }
    const done = (changed: number) => {
      setSelected(new Set());
      toast.show({
        text: bulkReport(t, action, changed),
        color: changed ? 'success' : 'info',
        timer: TOAST_MS.long,
      });
    };
    if (action.kind === 'override' || action.kind === 'restore') {
      const edit =
        action.kind === 'override'
          ? {
              action: 'override' as const,
              attribute: action.column.wire,
              value: action.value!,
              pipeIds: action.pipeIds,
            }
          : { action: 'restore' as const, attribute: action.column.wire, pipeIds: action.pipeIds };
      bulk.mutate(edit, { onSuccess: (r) => done(r.changed) });
    } else {
      verify.mutate(
        { attribute: action.column.wire, value: action.value, pipeIds: action.pipeIds },
        { onSuccess: () => done(action.pipeIds.length) },
      );
    }
  };

  const merged = (r: { merged: number }) => {
    setMergeOpen(false);
    toast.show({
      text: t('merge.done', { count: r.merged }),
      color: 'success',
      timer: TOAST_MS.long,
    });
  };
  /** A verified sample: the app's confirm dialog; otherwise the dialog with an administrator's override. */
  const startMerge = async () => {
    const current = test.data;
    if (!current) return;
    if ((current.sample?.unverified ?? 0) > 0) {
      setMergeOpen(true);
      return;
    }
    const ok = await confirm({
      title: t('merge.title'),
      description: `${mergeQuestion(t, current)} ${unverifiedSentence(t, current)}`,
      action: t('phase.merge'),
      cancel,
    });
    if (ok) merge.mutate(undefined, { onSuccess: merged });
  };
  return (
    <Stack data-testid="virtual-pipes-view">
      {test.data && (
        <PhasePanel
          test={test.data}
          canEdit={canEdit}
          pending={draw.isPending || merge.isPending}
          formatShare={fmt.share}
          onDraw={(size) => draw.mutate(size)}
          onMerge={() => void startMerge()}
        />
      )}
      {test.data && mergeOpen && (
        <MergeDialog
          open
          test={test.data}
          isAdmin={isAdmin}
          pending={merge.isPending}
          onClose={() => setMergeOpen(false)}
          onOverride={(reason) => merge.mutate(reason, { onSuccess: merged })}
        />
      )}
      {phaseError && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="vp-phase-error">
          {phaseError.message}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          size="small"
          type="search"
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'vp-search', maxLength: 100 } }}
          sx={{ minWidth: 240 }}
        />
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
        <FormControlLabel
          control={
            <Switch
              checked={sampleOnly}
              disabled={!test.data?.sample && !sampleOnly}
              onChange={(e) => refilter(() => setSampleOnly(e.target.checked))}
              slotProps={{ input: { 'data-testid': 'vp-filter-sample' } as object }}
            />
          }
          label={t('filters.sampleOnly')}
        />
      </Stack>
      {canEdit && selected.size > 0 && (
        <BulkEditBar
          selected={[...selected]}
          diameterUnit={viewer.units.diameter}
          pending={bulk.isPending || verify.isPending}
          error={(bulk.error ?? verify.error)?.message ?? null}
          attribute={attribute}
          onAction={(action) => void runBulk(action)}
          finalized={test.data?.phase === VIRTUAL_PIPE_PHASE.FINALIZED}
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

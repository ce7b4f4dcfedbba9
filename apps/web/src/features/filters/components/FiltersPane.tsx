// The filters pane (spec 000 §2, FILT-PANE-02/03): 25em on the left, tabs Standard and Planner (the latter only
// with the JOB_PLANNER subscription), one section per visible view, and Save / Restore / Reset. Save and Restore
// open the favourites dialog in creation and read mode; a demo account cannot save (TBD-05).
import { toSavedFilters, type LayerGroup, type ViewDefinition, type ViewKey } from '@pipewise/domain';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedFilterView } from '../api/types.ts';
import { useFilterStore } from '../state.ts';
import { FilterSection, type FiltersPaneContext } from './FilterSection.tsx';
import { SavedFiltersDialog, type SavedFiltersDialogMode } from './SavedFiltersDialog.tsx';

export interface FiltersPaneProps {
  /** The views visible in the current context (visibleViews of @pipewise/domain). */
  views: readonly ViewDefinition[];
  ctx: FiltersPaneContext;
  hasJobPlanner: boolean;
  onClose: () => void;
  /** The Planner tab's content (scenario list, boundary section). */
  plannerContent?: ReactNode;
  /** The current snapshot group; Save and Restore need one. */
  snapshotId: number | null;
  /** The active view, saved as the filter's lofType. */
  activeView: ViewKey;
  layerGroup: LayerGroup;
  /** Restore → Apply: run the apply sequence (useApplySavedFilter). */
  onApplySaved: (saved: SavedFilterView) => void;
  /** A demo account (TBD-05): it filters the map but saves no filter set, so Save says so instead of failing. */
  demo?: boolean;
  /** In the planner's dock (routes/map/PaneDock.tsx): the dock's width, not the pane's own. */
  docked?: boolean;
}

export function FiltersPane(props: FiltersPaneProps) {
  const { views, ctx, hasJobPlanner, onClose, plannerContent, snapshotId, activeView, layerGroup } = props;
  const { t } = useTranslation('filters');
  const [tab, setTab] = useState<'standard' | 'planner'>('standard');
  // The mode outlives `open` so the dialog keeps its content while it fades out.
  const [dialog, setDialog] = useState<{ open: boolean; mode: SavedFiltersDialogMode }>({
    open: false,
    mode: 'read',
  });
  const applied = useFilterStore((s) => s.applied);
  const boundaries = useFilterStore((s) => s.boundaries);
  const reset = useFilterStore((s) => s.reset);
  const shownTab = hasJobPlanner ? tab : 'standard';

  return (
    <Box
      data-testid="filters-pane"
      sx={{
        width: props.docked ? '100%' : '25em',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, pt: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('pane.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('pane.close')}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Tabs
        value={shownTab}
        onChange={(_, next: 'standard' | 'planner') => setTab(next)}
        aria-label={t('pane.tabs')}
      >
        <Tab value="standard" label={t('pane.standard')} />
        {hasJobPlanner && <Tab value="planner" label={t('pane.planner')} />}
      </Tabs>
      <Box sx={{ flex: 1, overflow: 'auto', p: 1 }}>
        {shownTab === 'standard' ? (
          views.length === 0 ? (
            <Alert severity="info">{t('pane.empty')}</Alert>
          ) : (
            views.map((view) => <FilterSection key={view.key} view={view} ctx={ctx} />)
          )
        ) : (
          (plannerContent ?? <Alert severity="info">{t('pane.plannerEmpty')}</Alert>)
        )}
      </Box>
      <Stack direction="row" spacing={1} sx={{ p: 1, justifyContent: 'flex-end' }}>
        <Tooltip title={props.demo ? t('pane.demoSave') : ''}>
          <span>
            <Button
              disabled={snapshotId === null || props.demo === true}
              onClick={() => setDialog({ open: true, mode: 'create' })}
            >
              {t('pane.save')}
            </Button>
          </span>
        </Tooltip>
        <Button disabled={snapshotId === null} onClick={() => setDialog({ open: true, mode: 'read' })}>
          {t('pane.restore')}
        </Button>
        <Button color="warning" onClick={reset}>
          {t('pane.reset')}
        </Button>
      </Stack>
      {snapshotId !== null && (
        <SavedFiltersDialog
          open={dialog.open}
          mode={dialog.mode}
          snapshotId={snapshotId}
          current={{ filters: toSavedFilters(applied, { layerGroup, boundaries }), lofType: activeView }}
          onApply={props.onApplySaved}
          onClose={() => setDialog((d) => ({ ...d, open: false }))}
        />
      )}
    </Box>
  );
}

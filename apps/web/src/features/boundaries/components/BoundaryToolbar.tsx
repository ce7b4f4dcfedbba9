// The boundary buttons of spec 000 §4 (BOUND-06): Select (draw a rectangle), Cancel, Edit, Finalize, Delete all,
// and what finalising found. Shown in the filter pane's Planner tab (JOB_PLANNER, SUB-08).
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

export type BoundaryAction = 'select' | 'cancel' | 'edit' | 'finalize' | 'deleteAll';
export type BoundaryMode = 'off' | 'draw_rectangle' | 'direct_select' | 'static';

export interface BoundaryToolbarProps {
  mode: BoundaryMode;
  hasBoundary: boolean;
  /** Assets inside the finalised boundary; null before finalising. */
  count: number | null;
  busy: boolean;
  onAction: (action: BoundaryAction) => void;
}

export function BoundaryToolbar({ mode, hasBoundary, count, busy, onAction }: BoundaryToolbarProps) {
  const { t } = useTranslation(['map', 'mapui']);
  const drawing = mode === 'draw_rectangle';
  return (
    <Stack spacing={1.5} data-testid="boundary-toolbar" data-mode={mode}>
      <Typography variant="body2" color="text.secondary">
        {t('mapui:boundary.hint')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          size="small"
          variant={drawing ? 'contained' : 'outlined'}
          onClick={() => onAction(drawing ? 'cancel' : 'select')}
          data-testid={drawing ? 'boundary-cancel' : 'boundary-select'}
        >
          {drawing ? t('draw.cancel') : t('draw.select')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          disabled={!hasBoundary || mode === 'direct_select' || drawing}
          onClick={() => onAction('edit')}
          data-testid="boundary-edit"
        >
          {t('draw.edit')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          disabled={!hasBoundary || mode === 'static' || drawing || busy}
          onClick={() => onAction('finalize')}
          data-testid="boundary-finalize"
        >
          {t('draw.finalize')}
        </Button>
        <Button
          size="small"
          color="error"
          variant="outlined"
          disabled={!hasBoundary}
          onClick={() => onAction('deleteAll')}
          data-testid="boundary-delete-all"
        >
          {t('draw.deleteAll')}
        </Button>
      </Stack>
      {busy && <CircularProgress size={20} />}
      {count !== null && !busy && (
        <Alert severity={count > 0 ? 'info' : 'warning'} data-testid="boundary-count" data-count={count}>
          {t('mapui:boundary.found', { count })}
        </Alert>
      )}
    </Stack>
  );
}

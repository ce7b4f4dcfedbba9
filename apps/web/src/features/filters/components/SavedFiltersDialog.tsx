// The filter-favourites dialog (spec 000 §2, FILT-FAV-01…04). Creation mode: a name (required, defaulting to
// 'Filter N (date)') with Cancel and Save; a failed save is only logged and the dialog closes all the same.
// Read mode: the snapshot group's saved filters, each with Apply and Delete.
import type { SavedFilterFilters } from '@pipewise/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateSavedFilter } from '../api/create-saved-filter.ts';
import { useDeleteSavedFilter } from '../api/delete-saved-filter.ts';
import { useSavedFilters } from '../api/get-saved-filters.ts';
import type { SavedFilterView } from '../api/types.ts';
import { defaultFilterName } from '../default-name.ts';
import { reportError } from '../../../lib/report-error.ts';

export type SavedFiltersDialogMode = 'create' | 'read';

export interface SavedFiltersDialogProps {
  open: boolean;
  mode: SavedFiltersDialogMode;
  snapshotId: number;
  current: { filters: SavedFilterFilters; lofType: string; jobPlannerScenario?: number | null };
  onApply: (saved: SavedFilterView) => void;
  onClose: () => void;
}

export function SavedFiltersDialog({
  open,
  mode,
  snapshotId,
  current,
  onApply,
  onClose,
}: SavedFiltersDialogProps) {
  const { t } = useTranslation('filters');
  const list = useSavedFilters(snapshotId, open);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="saved-filters-dialog">
      <DialogTitle>{t(mode === 'create' ? 'favourites.createTitle' : 'favourites.readTitle')}</DialogTitle>
      {list.isPending ? (
        <DialogContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CircularProgress size={20} />
            <span>{t('favourites.loading')}</span>
          </Stack>
        </DialogContent>
      ) : mode === 'create' ? (
        <CreateForm
          snapshotId={snapshotId}
          count={list.data?.length ?? 0}
          current={current}
          onClose={onClose}
        />
      ) : (
        <ReadList
          snapshotId={snapshotId}
          saved={list.data ?? []}
          failed={list.isError}
          onApply={(saved) => {
            onApply(saved);
            onClose();
          }}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

interface CreateFormProps {
  snapshotId: number;
  count: number;
  current: SavedFiltersDialogProps['current'];
  onClose: () => void;
}

function CreateForm({ snapshotId, count, current, onClose }: CreateFormProps) {
  const { t } = useTranslation('filters');
  const [name, setName] = useState(() => defaultFilterName(t, count));
  const [touched, setTouched] = useState(false);
  const create = useCreateSavedFilter(snapshotId);
  const missing = name.trim() === '';

  const save = () => {
    setTouched(true);
    if (missing) return;
    create.mutate(
      {
        name: name.trim(),
        filters: current.filters,
        lofType: current.lofType,
        jobPlannerScenario: current.jobPlannerScenario ?? null,
      },
      {
        // FILT-FAV-04: reported silently (lib/report-error.ts, FILT-SAV-07).
        onError: (err) => reportError('Saving the filter failed', err),
        onSettled: onClose,
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          required
          label={t('favourites.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={touched && missing}
          helperText={touched && missing ? t('favourites.nameRequired') : undefined}
          slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'saved-filter-name' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('favourites.cancel')}</Button>
        <Button type="submit" variant="contained" loading={create.isPending}>
          {t('favourites.save')}
        </Button>
      </DialogActions>
    </form>
  );
}

interface ReadListProps {
  snapshotId: number;
  saved: SavedFilterView[];
  failed: boolean;
  onApply: (saved: SavedFilterView) => void;
  onClose: () => void;
}

function ReadList({ snapshotId, saved, failed, onApply, onClose }: ReadListProps) {
  const { t, i18n } = useTranslation('filters');
  const remove = useDeleteSavedFilter(snapshotId);
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  return (
    <>
      <DialogContent>
        {failed ? (
          <Alert severity="error">{t('favourites.loadFailed')}</Alert>
        ) : saved.length === 0 ? (
          <Alert severity="info">{t('favourites.empty')}</Alert>
        ) : (
          <List dense sx={{ maxHeight: 320, overflow: 'auto' }}>
            {saved.map((item) => (
              <ListItem
                key={item.id}
                disableGutters
                data-testid="saved-filter"
                secondaryAction={
                  <Stack direction="row" spacing={1}>
                    <Button size="small" variant="contained" onClick={() => onApply(item)}>
                      {t('favourites.apply')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      disabled={remove.isPending && remove.variables === item.id}
                      onClick={() =>
                        remove.mutate(item.id, {
                          onError: (err) => reportError('Deleting the saved filter failed', err),
                        })
                      }
                    >
                      {t('favourites.delete')}
                    </Button>
                  </Stack>
                }
              >
                <ListItemText
                  primary={item.name}
                  secondary={t('favourites.savedAt', { date: date(item.createdAt) })}
                  sx={{ pr: 18 }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('favourites.close')}</Button>
      </DialogActions>
    </>
  );
}

// The current-dataset dropdown of the sub-bar (SHELL-SUB-01…05).
import { FormControl, MenuItem, Select, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSnapshotGroups } from '../api/get-snapshot-groups.ts';
import { useDatasetSelection } from '../state.ts';

export function DatasetDropdown() {
  const { t } = useTranslation('shell');
  const { data: groups = [], isPending } = useSnapshotGroups();
  const { currentGroupId, applying, setCurrentGroup, setApplying } = useDatasetSelection();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  if (!isPending && groups.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="dataset-dropdown" data-empty="true">
        {t('dataset.noData')}
      </Typography>
    );
  }

  const selected = currentGroupId ?? groups[0]?.snapshotGroupEntityId ?? '';
  const choose = (id: number) => {
    setApplying(true);
    try {
      // The server-side switch (set-current-snapshot) arrives with the dataset API; until then the
      // choice is kept locally so the shell behaves as specified.
      setCurrentGroup(id);
      if (!pathname.startsWith('/map')) void navigate('/map');
    } finally {
      setApplying(false);
    }
  };

  return (
    <FormControl size="small" sx={{ minWidth: 220 }} disabled={applying || isPending}>
      <Select
        value={selected}
        displayEmpty
        inputProps={{ 'aria-label': t('dataset.label') }}
        data-testid="dataset-dropdown"
        onChange={(e) => choose(Number(e.target.value))}
        renderValue={(value) =>
          groups.find((g) => g.snapshotGroupEntityId === value)?.snapshotGroupName ?? t('dataset.placeholder')
        }
      >
        {groups.map((g) => (
          <MenuItem key={g.snapshotGroupEntityId} value={g.snapshotGroupEntityId}>
            {g.snapshotGroupName}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

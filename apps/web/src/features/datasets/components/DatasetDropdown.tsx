// The current-dataset dropdown of the sub-bar (SHELL-SUB-01…05): groups by name, the current one from the
// current snapshot; choosing one switches to it (spec 000 §4 "Switching dataset").
import { FormControl, MenuItem, Select, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCurrentSnapshot } from '../api/get-current-snapshot.ts';
import { useSnapshotGroups } from '../api/get-snapshot-groups.ts';
import { useSwitchDataset } from '../hooks/use-switch-dataset.ts';
import { useDatasetSelection } from '../state.ts';
import { defaultDatasetOf } from '../switch-dataset.ts';

export function DatasetDropdown() {
  const { t } = useTranslation('shell');
  const { data: groups = [], isPending } = useSnapshotGroups();
  const { data: snapshot, isPending: snapshotPending } = useCurrentSnapshot();
  const applying = useDatasetSelection((s) => s.applying);
  const switchTo = useSwitchDataset();

  if (!isPending && groups.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="dataset-dropdown" data-empty="true">
        {t('dataset.noData')}
      </Typography>
    );
  }

  // Until the current snapshot is in, no name: showing the first group meanwhile named a network that was not the
  // one about to be drawn (seen in the e2e run: 'Demo town' for a moment, then the network imported last).
  const selected = snapshotPending
    ? ''
    : (snapshot?.snapshotGroupEntityId ?? groups[0]?.snapshotGroupEntityId ?? '');
  const choose = (groupId: number) => {
    const group = groups.find((g) => g.snapshotGroupEntityId === groupId);
    const dataset = group && defaultDatasetOf(group.datasets);
    if (group && dataset) void switchTo(group.snapshotGroupEntityId, dataset);
  };

  return (
    <FormControl size="small" sx={{ minWidth: 220 }} disabled={applying || isPending}>
      <Select
        value={selected}
        displayEmpty
        inputProps={{ 'aria-label': t('dataset.label') }}
        data-testid="dataset-dropdown"
        data-applying={applying}
        data-ready={!isPending && !snapshotPending}
        onChange={(e) => choose(Number(e.target.value))}
        renderValue={(value) =>
          groups.find((g) => g.snapshotGroupEntityId === value)?.snapshotGroupName ?? t('dataset.placeholder')
        }
      >
        {groups.map((g) => (
          <MenuItem
            key={g.snapshotGroupEntityId}
            value={g.snapshotGroupEntityId}
            data-testid={`dataset-option-${g.snapshotGroupEntityId}`}
          >
            {g.snapshotGroupName}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

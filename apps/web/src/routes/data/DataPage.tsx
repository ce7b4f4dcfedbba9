// /data: the datasets of the client. Listing works from the snapshot groups; importing arrives with
// the dataset API in the next release.
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import { List, ListItem, ListItemText, Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon/ComingSoon.tsx';
import { useSnapshotGroups } from '../../features/datasets/index.ts';

export function DataPage() {
  const { t } = useTranslation('shell');
  const { data: groups = [] } = useSnapshotGroups();
  return (
    <ComingSoon title={t('pages.data.title')} description={t('pages.data.description')} icon={<StorageOutlined />}>
      {groups.length > 0 && (
        <Paper variant="outlined" sx={{ width: '100%', textAlign: 'left' }}>
          <List dense data-testid="dataset-list">
            {groups.map((g) => (
              <ListItem key={g.snapshotGroupEntityId}>
                <ListItemText
                  primary={g.snapshotGroupName}
                  secondary={t('pages.data.datasetCount', { count: g.datasets.length })}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </ComingSoon>
  );
}

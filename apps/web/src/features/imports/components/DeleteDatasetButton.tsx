// Deletes one version of a network, for administrators, after a confirmation that names it (issue 15: a network
// imported wrongly could not be deleted). Says what is kept: the other versions and their data.
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog/index.ts';
import { useDeleteDataset } from '../api/delete-dataset.ts';
import type { DatasetVersion } from '../api/get-datasets.ts';
import { useCanImport } from '../hooks/use-can-import.ts';

export function DeleteDatasetButton({
  dataset,
  onError,
}: {
  dataset: DatasetVersion;
  onError: (m: string) => void;
}) {
  const { t } = useTranslation('data');
  const confirm = useConfirm();
  const remove = useDeleteDataset();
  if (!useCanImport()) return null;
  const name = `${dataset.snapshotGroupName} v${dataset.version}`;
  const onClick = async () => {
    const ok = await confirm({
      title: t('datasets.deleteTitle', { name }),
      description: t(
        dataset.snapshotType === 'CURRENT' ? 'datasets.deleteCurrentText' : 'datasets.deleteText',
        {
          name,
        },
      ),
      action: t('datasets.delete'),
      cancel: t('datasets.cancel'),
    });
    if (ok) remove.mutate(dataset.id, { onError: (e) => onError(e.message) });
  };
  return (
    <Tooltip title={t('datasets.delete')}>
      <IconButton
        size="small"
        aria-label={t('datasets.deleteNamed', { name })}
        data-testid={`dataset-delete-${dataset.id}`}
        disabled={remove.isPending}
        onClick={() => void onClick()}
      >
        <DeleteOutline fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

// Attributes panel (DET-PIPE-04): install year, material and diameter with their data origin and AI edit icon,
// and the abandoned switch, which toggles at once and saves with no confirm step (PIPE-EDIT-12).
import { FormControlLabel, Link, Switch } from '@mui/material';
import { DATA_ORIGIN, TOAST_MS } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useToast } from '../../../../components/toast/index.ts';
import { useConfirmedToggle } from '../../../../lib/use-confirmed-toggle.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { useUpdateAsset } from '../../api/update-asset.ts';
import type { Formatters } from '../../format.ts';
import type { Viewer } from '../../hooks/use-viewer.ts';
import { materialName } from '../../../../lib/materials.ts';
import type { AssetDetails, EditableAttribute } from '../../types.ts';
import { PipeEditDialog } from '../PipeEditDialog.tsx';
import { AttributeRow } from './AttributeRow.tsx';

interface Props {
  datasetId: number;
  pipe: AssetDetails;
  viewer: Viewer;
  fmt: Formatters;
  onSaved?: () => void;
}

export function AttributesPanel({ datasetId, pipe, viewer, fmt, onSaved }: Props) {
  const { t } = useTranslation('details');
  const { show } = useToast();
  const update = useUpdateAsset(datasetId);
  const [editing, setEditing] = useState<EditableAttribute | null>(null);
  // The switch shows the requested state at once; without the server's matching answer within 1 s it warns and
  // reverts (LAYER-34, TOAST-21).
  const abandoned = useConfirmedToggle(pipe.abandoned, () =>
    show({ text: t('edit.toggleMismatch'), color: 'warning', timer: TOAST_MS.long }),
  );
  const hasVp = viewer.has('VP');
  const common = { hasVp, canEdit: viewer.canEdit };
  // A pipe with an attribute not provided (estimated, corrected, or unknown: no value) is a row of the virtual
  // pipes table, whose status counts a value the file did not give as not provided.
  const virtual =
    [pipe.installYearStatus, pipe.materialStatus, pipe.diameterStatus].some(
      (s) => s !== DATA_ORIGIN.PROVIDED,
    ) || [pipe.installYear, pipe.materialTypeCode, pipe.diameter].some((v) => v == null);

  const toggleAbandoned = (value: boolean) => {
    abandoned.request(value);
    update.mutate(
      { pipeId: pipe.id, patch: { abandoned: value } },
      {
        onSuccess: () => onSaved?.(),
        onError: (err) => {
          const message = err instanceof ApiError ? err.message : String(err);
          show({ text: t('edit.failed', { message }), color: 'error', timer: TOAST_MS.long });
        },
      },
    );
  };

  return (
    <>
      <AttributeRow
        id="installYear"
        label={t('attributes.installYear')}
        value={fmt.year(pipe.installYear)}
        status={pipe.installYearStatus}
        missing={pipe.installYear == null}
        onEdit={() => setEditing('installYear')}
        {...common}
      />
      <AttributeRow
        id="materialTypeCode"
        label={t('attributes.material')}
        value={materialName(t, pipe.materialTypeCode)}
        status={pipe.materialStatus}
        missing={pipe.materialTypeCode == null}
        onEdit={() => setEditing('materialTypeCode')}
        {...common}
      />
      <AttributeRow
        id="diameter"
        label={t('attributes.diameter')}
        value={fmt.diameter(pipe.diameter)}
        status={pipe.diameterStatus}
        missing={pipe.diameter == null}
        onEdit={() => setEditing('diameter')}
        {...common}
      />
      <FormControlLabel
        sx={{ mt: 1 }}
        label={t('attributes.abandoned')}
        control={
          <Switch
            checked={abandoned.checked}
            disabled={!viewer.canEdit || update.isPending}
            onChange={(_event, checked) => toggleAbandoned(checked)}
            slotProps={{ input: { 'data-testid': 'attribute-abandoned' } as object }}
          />
        }
      />
      {hasVp && virtual && (
        <Link
          component={RouterLink}
          to={`/data/virtual-pipes?pipe=${pipe.id}`}
          variant="body2"
          sx={{ display: 'block', mt: 1 }}
          data-testid="attributes-open-virtual-pipes"
        >
          {t('attributes.openVirtualPipes')}
        </Link>
      )}
      {editing && (
        <PipeEditDialog
          datasetId={datasetId}
          pipe={pipe}
          attribute={editing}
          open
          onClose={() => setEditing(null)}
          onSaved={onSaved}
        />
      )}
    </>
  );
}

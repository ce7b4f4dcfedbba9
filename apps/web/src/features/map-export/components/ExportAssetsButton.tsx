// 'Export assets' in the drawer on map pages (spec 000 §2, EXP-01…06): mails the CSV of the assets the map shows
// (lof for pipes, vis for VIS; the body lists the hidden ids). Nothing visible → a warning and no call.
import IosShareOutlined from '@mui/icons-material/IosShareOutlined';
import { ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import { TOAST_MS, type LayerGroup } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast/index.ts';
import { exportAssetsByEmail, type ExportType } from '../api/export-assets.ts';
import { reportError } from '../../../lib/report-error.ts';

export interface AssetIds {
  visible: readonly number[];
  hidden: readonly number[];
  /** The layer's filter expression, for the server to apply beyond the loaded tiles (null: none). */
  filter?: readonly unknown[] | null;
}

const TYPE_BY_GROUP: Partial<Record<LayerGroup, ExportType>> = { pipes: 'lof', vis: 'vis' };

export interface ExportAssetsButtonProps {
  datasetId: number | null;
  layerGroup: LayerGroup;
  collapsed: boolean;
  /** The active layer's ids split by the current filter; null while the map is not ready. */
  getIds: (() => AssetIds | null) | null;
  /** A demo account: exports are refused (TBD-05), so the button says so instead of failing. */
  demo?: boolean;
}

export function ExportAssetsButton(props: ExportAssetsButtonProps) {
  const { datasetId, layerGroup, collapsed, getIds, demo = false } = props;
  const { t } = useTranslation('mapui');
  const [sending, setSending] = useState(false);
  const type = TYPE_BY_GROUP[layerGroup];
  const disabled = sending || demo || datasetId === null || !type || !getIds;

  const run = async () => {
    if (datasetId === null || !type || !getIds) return;
    const ids = getIds();
    if (!ids || ids.visible.length === 0) {
      toast.show({ text: t('export.nothing'), color: 'warning', timer: TOAST_MS.short });
      return;
    }
    setSending(true);
    try {
      const { email } = await exportAssetsByEmail(datasetId, type, ids.hidden, ids.filter ?? null);
      toast.show({ text: t('export.sent', { email }), color: 'success', timer: TOAST_MS.long });
    } catch (err) {
      reportError('Export by e-mail failed', err);
      toast.show({ text: t('export.failed'), color: 'error', timer: TOAST_MS.long });
    } finally {
      setSending(false);
    }
  };

  const label = t('export.button');
  return (
    <Tooltip
      title={demo ? t('export.demo') : collapsed ? label : type ? '' : t('export.unavailable')}
      placement="right"
    >
      <span>
        <ListItemButton onClick={() => void run()} disabled={disabled} data-testid="export-assets">
          <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40 }}>
            <IosShareOutlined />
          </ListItemIcon>
          {!collapsed && <ListItemText primary={label} />}
        </ListItemButton>
      </span>
    </Tooltip>
  );
}

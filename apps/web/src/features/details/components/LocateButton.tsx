// 'Show on map': asks the parent to fly to the asset (spec 000 §9 fly-to zoom). A failure to fly is reported
// only, never toasted (SRCH-12): the parent's onFlyTo owns that.
import MyLocation from '@mui/icons-material/MyLocation';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { FlyTarget } from '../fly-to.ts';

interface Props {
  target: FlyTarget | null;
  onFlyTo?: (center: [number, number], zoom: number) => void;
}

export function LocateButton({ target, onFlyTo }: Props) {
  const { t } = useTranslation('details');
  if (!onFlyTo || !target) return null;
  return (
    <Tooltip title={t('common.showOnMap')}>
      <IconButton
        size="small"
        aria-label={t('common.showOnMap')}
        onClick={() => onFlyTo(target.center, target.zoom)}
        data-testid="details-fly-to"
      >
        <MyLocation fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

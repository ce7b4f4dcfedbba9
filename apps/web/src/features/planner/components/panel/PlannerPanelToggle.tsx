// Opens the planner panel again once closed (a button on the map).
import WorkOutline from '@mui/icons-material/WorkOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { usePlannerStore } from '../../state.ts';

export function PlannerPanelToggle() {
  const { t } = useTranslation('planner');
  const open = usePlannerStore((s) => s.panelOpen);
  const setOpen = usePlannerStore((s) => s.setPanelOpen);
  if (open) return null;
  return (
    <Button
      variant="contained"
      size="small"
      startIcon={<WorkOutline />}
      onClick={() => setOpen(true)}
      data-testid="planner-panel-open"
    >
      {t('panel.open')}
    </Button>
  );
}

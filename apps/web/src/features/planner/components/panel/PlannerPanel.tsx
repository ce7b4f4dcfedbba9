// The job planner panel of /planner (spec 001 §2; TBD-10 steps): beside the map, with the steps on top and the
// step's content below. The route gives it the user, the dataset and what it needs of the map (hooks/panel-context).
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlannerProvider } from '../../hooks/planner-context.tsx';
import { PanelProvider, type PlannerMapBridge } from '../../hooks/panel-context.tsx';
import type { PlannerUser } from '../../lib/viewer.ts';
import { usePlannerStore } from '../../state.ts';
import { AreaStep } from '../area/AreaStep.tsx';
import { AutoPlannerForm } from '../plans/AutoPlannerForm.tsx';
import { ManageStep } from './ManageStep.tsx';
import { PlanReview } from '../plans/PlanReview.tsx';
import { PlannerStepper } from './PlannerStepper.tsx';
import { SaveStep } from '../projects/SaveStep.tsx';

export interface PlannerPanelProps {
  user: PlannerUser;
  datasetId: number;
  bridge: PlannerMapBridge;
  /** Shown in the panel's head beside the title: what the route adds from other features (the COF scenario). */
  actions?: ReactNode;
  /** In the dock beside the filters or details (routes/map/PaneDock.tsx): the dock's width and border. */
  docked?: boolean;
}

export function PlannerPanel({ user, datasetId, bridge, actions, docked }: PlannerPanelProps) {
  const { t } = useTranslation('planner');
  const step = usePlannerStore((s) => s.step);
  const setOpen = usePlannerStore((s) => s.setPanelOpen);
  return (
    <PlannerProvider user={user} datasetId={datasetId}>
      <PanelProvider bridge={bridge}>
        <Box
          data-testid="planner-panel"
          sx={{
            width: docked ? '100%' : '28em',
            flexShrink: 0,
            height: '100%',
            display: 'flex',
            flexDirection: 'column',
            bgcolor: 'background.paper',
            borderLeft: docked ? 0 : 1,
            borderColor: 'divider',
          }}
        >
          <Stack direction="row" sx={{ alignItems: 'center', px: 2, pt: 1 }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              {t('panel.title')}
            </Typography>
            {actions}
            <IconButton
              onClick={() => setOpen(false)}
              aria-label={t('panel.close')}
              data-testid="planner-panel-close"
            >
              <CloseIcon />
            </IconButton>
          </Stack>
          <PlannerStepper />
          <Box sx={{ flex: 1, overflow: 'auto', px: 2, pb: 2 }}>
            {step === 'manage' && <ManageStep />}
            {step === 'area' && <AreaStep />}
            {step === 'generate' && <AutoPlannerForm />}
            {step === 'review' && <PlanReview />}
            {step === 'save' && <SaveStep />}
          </Box>
        </Box>
      </PanelProvider>
    </PlannerProvider>
  );
}

// A plan's proposals (rank, length, cost, risk removed, project LOF), shown on the map; choosing one highlights its
// pipes and flies to it. Accept makes it a project in one action; 'Adjust' opens the project form first. A proposal
// whose pipes another active project holds now (booked since the plan was made, or planned over on request) says
// which and cannot be accepted (issue 36).
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { TOAST_MS } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../components/toast/index.ts';
import { useAcceptProposal } from '../../api/accept-proposal.ts';
import type { PlanView, ProposalView } from '../../api/types.ts';
import { usePlanner } from '../../hooks/planner-context.tsx';
import { useMapBridge } from '../../hooks/panel-context.tsx';
import { usePlannerFormat } from '../../hooks/use-planner-format.ts';
import { errorText } from '../../lib/error-text.ts';
import { downscaledPng } from '../../lib/image.ts';
import { bboxOf } from '../../lib/map-shapes.ts';
import { usePlannerStore } from '../../state.ts';
import { riskText } from './PlanSummary.tsx';

export function ProposalList({ plan, proposals }: { plan: PlanView; proposals: readonly ProposalView[] }) {
  const { t } = useTranslation('planner');
  const { datasetId, canPlan } = usePlanner();
  const fmt = usePlannerFormat();
  const bridge = useMapBridge();
  const selected = usePlannerStore((s) => s.selectedProposalId);
  const select = usePlannerStore((s) => s.selectProposal);
  const projectSaved = usePlannerStore((s) => s.projectSaved);
  const openProject = usePlannerStore((s) => s.openProject);
  const draftProject = usePlannerStore((s) => s.draftProject);
  const scenarioDates = usePlannerStore((s) => s.scenarioDates);
  const accept = useAcceptProposal(datasetId, plan.id);
  const currency = plan.repairCostUnit.currency;

  const choose = (proposal: ProposalView) => {
    select(proposal.id);
    const box = bboxOf(proposal.geometry);
    if (box) bridge.zoomTo(box);
  };
  // One action: the map as it shows the proposals goes with the project, as a small PNG.
  const [capturing, setCapturing] = useState(false);
  const acceptNow = async (proposal: ProposalView) => {
    setCapturing(true);
    const image = await downscaledPng(await bridge.captureImage()).finally(() => setCapturing(false));
    // Issue 36: the selected scenario's dates, when there is one (else the server's today to a week later).
    const dates = scenarioDates ? { startDate: scenarioDates.startDate, endDate: scenarioDates.endDate } : {};
    accept.mutate(
      { id: proposal.id, input: image ? { image, ...dates } : dates },
      {
        onSuccess: (project) => {
          toast.show({
            text: t('proposals.accepted', { name: project.name }),
            color: 'success',
            timer: TOAST_MS.normal,
          });
          projectSaved(project.id);
        },
        onError: (err) => toast.show({ text: errorText(t, err), color: 'error', timer: TOAST_MS.long }),
      },
    );
  };

  if (proposals.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('proposals.empty')}
      </Typography>
    );
  }
  return (
    <List dense disablePadding data-testid="proposal-list">
      {proposals.map((proposal) => (
        <ListItem
          key={proposal.id}
          disablePadding
          data-testid="proposal"
          data-rank={proposal.rank}
          sx={{ display: 'block' }}
        >
          <ListItemButton selected={proposal.id === selected} onClick={() => choose(proposal)}>
            <ListItemText
              primary={t('proposals.title', { rank: proposal.rank })}
              secondary={t('proposals.line', {
                length: fmt.length(proposal.lengthM),
                cost: fmt.money(proposal.cost, currency),
                risk: riskText(plan, proposal.risk, fmt, t),
                lof: fmt.percent(proposal.projectLof),
              })}
            />
          </ListItemButton>
          <Stack direction="row" spacing={1} sx={{ px: 2, pb: 1 }}>
            {proposal.projectId === null && proposal.booked.length > 0 ? (
              <Stack spacing={0.5} data-testid="proposal-booked">
                <Tooltip
                  title={proposal.booked
                    .map((b) => t('booked.line', { pipe: b.nativePipeId, project: b.projectName }))
                    .join('\n')}
                  slotProps={{ tooltip: { sx: { whiteSpace: 'pre-line' } } }}
                >
                  <Chip
                    size="small"
                    color="warning"
                    label={t('booked.proposal', { count: proposal.booked.length })}
                    sx={{ alignSelf: 'flex-start' }}
                  />
                </Tooltip>
                <Typography variant="caption" color="text.secondary">
                  {t('booked.proposalHint')}
                </Typography>
              </Stack>
            ) : proposal.projectId !== null ? (
              <>
                <Chip size="small" color="success" label={t('proposals.isProject')} />
                <Button
                  size="small"
                  onClick={() => openProject(proposal.projectId)}
                  data-testid="proposal-open-project"
                >
                  {t('proposals.openProject')}
                </Button>
              </>
            ) : (
              canPlan && (
                <>
                  <Button
                    size="small"
                    variant="contained"
                    disabled={accept.isPending || capturing}
                    onClick={() => void acceptNow(proposal)}
                    data-testid="proposal-accept"
                  >
                    {t('proposals.accept')}
                  </Button>
                  <Button
                    size="small"
                    onClick={() =>
                      draftProject({
                        pipeIds: proposal.pipeIds,
                        area: null,
                        name: t('proposals.projectName', { plan: plan.name, rank: proposal.rank }),
                        budget: proposal.cost,
                        proposalId: proposal.id,
                      })
                    }
                    data-testid="proposal-adjust"
                  >
                    {t('proposals.adjust')}
                  </Button>
                </>
              )
            )}
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}

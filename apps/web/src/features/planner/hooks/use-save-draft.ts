// Saving the save step's project: a new project of the chosen pipes or area (less the booked pipes the user chose to
// leave out after a 409 PIPE_BOOKED), or the chosen proposal accepted with the form's fields; either way with the
// map captured as a small PNG.
import { useState } from 'react';
import { useAcceptProposal } from '../api/accept-proposal.ts';
import { useCreateProject } from '../api/create-project.ts';
import type { ProjectDetailView } from '../api/types.ts';
import { downscaledPng } from '../lib/image.ts';
import { projectFields, toProjectInput, type ProjectFormValues } from '../lib/project-form.ts';
import { usePlannerStore, type ProjectDraft } from '../state.ts';
import { useMapBridge } from './panel-context.tsx';
import { usePlanner } from './planner-context.tsx';

export function useSaveDraft() {
  const { datasetId } = usePlanner();
  const bridge = useMapBridge();
  const planId = usePlannerStore((s) => s.currentPlanId);
  const create = useCreateProject(datasetId);
  const accept = useAcceptProposal(datasetId, planId);
  const [capturing, setCapturing] = useState(false);

  const save = async (
    draft: ProjectDraft,
    values: ProjectFormValues,
    leaveOut: readonly number[] = [],
  ): Promise<ProjectDetailView> => {
    setCapturing(true);
    const image = await downscaledPng(await bridge.captureImage()).finally(() => setCapturing(false));
    if (draft.proposalId !== undefined) {
      return accept.mutateAsync({ id: draft.proposalId, input: { ...projectFields(values), image } });
    }
    const input = toProjectInput(values, datasetId, draft, image);
    return create.mutateAsync(leaveOut.length > 0 ? { ...input, leaveOutPipeIds: [...leaveOut] } : input);
  };
  return { save, busy: capturing || create.isPending || accept.isPending };
}

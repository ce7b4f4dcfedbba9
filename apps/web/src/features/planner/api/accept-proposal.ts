// POST /api/proposals/{id}/project (spec 'project_proposal') with optional project fields → 201 the project made
// from the proposal; 409 when it was accepted already.
import type { ProposalAccept } from '@pipewise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import { plannerKeys, type ProjectDetailView } from './types.ts';

export type AcceptProposalInput = Camelize<ProposalAccept>;

export function acceptProposal(id: number, input: AcceptProposalInput = {}): Promise<ProjectDetailView> {
  return api<ProjectDetailView>('POST', `/api/proposals/${id}/project`, input);
}

export function useAcceptProposal(datasetId: number, planId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input?: AcceptProposalInput }) => acceptProposal(id, input),
    onSuccess: (project) => {
      client.setQueryData(plannerKeys.project(project.id), project);
      if (planId !== null) void client.invalidateQueries({ queryKey: plannerKeys.proposals(planId) });
      return client.invalidateQueries({ queryKey: plannerKeys.projects(datasetId) });
    },
  });
}

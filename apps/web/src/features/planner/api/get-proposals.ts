// GET /api/proposals?plan=ID → {proposals} (PLAN-API-04 'filter{plan}'): a plan's proposals, best first, each with
// its pipes' geometry for the map.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { plannerKeys, type ProposalView } from './types.ts';

export async function getProposals(planId: number): Promise<ProposalView[]> {
  const body = await api<{ proposals: ProposalView[] }>('GET', `/api/proposals?plan=${planId}`);
  return [...body.proposals].sort((a, b) => a.rank - b.rank);
}

export const proposalsQuery = (planId: number) =>
  queryOptions({ queryKey: plannerKeys.proposals(planId), queryFn: () => getProposals(planId) });

/** Only once the plan is done: a running plan has none yet. */
export function useProposals(planId: number | null, planDone: boolean) {
  return useQuery({ ...proposalsQuery(planId ?? 0), enabled: planId !== null && planDone });
}

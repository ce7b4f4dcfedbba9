// Renewal programmes (issue 39; docs/api-programmes.md): POST /api/programmes queues one (202), GET lists a
// dataset's and reads one — polled while its job is queued or running —, DELETE removes one, the renewals of a
// scenario's year feed the map's halo, and a scenario's first year becomes planner projects (409 PIPE_BOOKED).
import type { Programme, ProgrammeInput, ProgrammeList, ProgrammeRenewals } from '@pipewise/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import { plannerKeys, type ProjectDetailView } from './types.ts';

export type ProgrammeView = Camelize<Programme> & {
  /** Mains left to active projects (the server may add it to the assumptions). */
  assumptions: (Camelize<NonNullable<Programme['assumptions']>> & { pipesBooked?: number }) | null;
};
export type ProgrammeSummaryView = Camelize<ProgrammeList>['programmes'][number];
export type ProgrammeScenarioView = ProgrammeView['scenarios'][number];
export type ProgrammeYearView = ProgrammeScenarioView['years'][number];
export type ProgrammeInputView = Camelize<ProgrammeInput>;
export type ProgrammeRenewalsView = Camelize<ProgrammeRenewals>;

export const programmeKeys = {
  list: (datasetId: number) => ['planner', 'programmes', datasetId] as const,
  one: (id: number) => ['planner', 'programme', id] as const,
  renewals: (id: number, scenario: number, year: number) =>
    ['planner', 'programme', id, 'renewals', scenario, year] as const,
};

/** How often a running programme is asked for: a 20-year programme of the demo town takes a few seconds. */
export const PROGRAMME_POLL_MS = 1_000;

export const isProgrammeRunning = (p: Pick<ProgrammeSummaryView, 'state'> | undefined) =>
  p?.state === 'queued' || p?.state === 'running';

export const programmeQuery = (id: number) =>
  queryOptions({
    queryKey: programmeKeys.one(id),
    queryFn: () => api<ProgrammeView>('GET', `/api/programmes/${id}`),
    refetchInterval: (query) => (isProgrammeRunning(query.state.data) ? PROGRAMME_POLL_MS : false),
  });

export function useProgramme(id: number | null) {
  return useQuery({ ...programmeQuery(id ?? 0), enabled: id !== null });
}

export function useProgrammes(datasetId: number) {
  return useQuery({
    queryKey: programmeKeys.list(datasetId),
    queryFn: () =>
      api<{ programmes: ProgrammeSummaryView[] }>('GET', `/api/programmes?dataset_id=${datasetId}`),
    // The list shows each one's state: asked again while one of them runs.
    refetchInterval: (query) =>
      query.state.data?.programmes.some(isProgrammeRunning) ? PROGRAMME_POLL_MS * 2 : false,
  });
}

export function useCreateProgramme(datasetId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProgrammeInputView) => api<ProgrammeView>('POST', '/api/programmes', input),
    onSuccess: (programme) => {
      client.setQueryData(programmeKeys.one(programme.id), programme);
      return client.invalidateQueries({ queryKey: programmeKeys.list(datasetId) });
    },
  });
}

export function useDeleteProgramme(datasetId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>('DELETE', `/api/programmes/${id}`),
    onSuccess: (_done, id) => {
      client.removeQueries({ queryKey: programmeKeys.one(id) });
      return client.invalidateQueries({ queryKey: programmeKeys.list(datasetId) });
    },
  });
}

export interface ProgrammeYearRef {
  programmeId: number;
  scenario: number;
  year: number;
}

export function useProgrammeRenewals(ref: ProgrammeYearRef | null) {
  return useQuery({
    queryKey: programmeKeys.renewals(ref?.programmeId ?? 0, ref?.scenario ?? 0, ref?.year ?? 0),
    queryFn: () =>
      api<ProgrammeRenewalsView>(
        'GET',
        `/api/programmes/${ref!.programmeId}/scenarios/${ref!.scenario}/renewals?year=${ref!.year}`,
      ),
    enabled: ref !== null,
    staleTime: Infinity,
  });
}

export function useFirstYearProjects(datasetId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, scenario }: { id: number; scenario: number }) =>
      api<{ projects: ProjectDetailView[] }>(
        'POST',
        `/api/programmes/${id}/scenarios/${scenario}/first-year-projects`,
      ),
    onSuccess: ({ projects }) => {
      for (const p of projects) client.setQueryData(plannerKeys.project(p.id), p);
      return client.invalidateQueries({ queryKey: plannerKeys.projects(datasetId) });
    },
  });
}

// GET /api/feedback?page&page_size (issue 17): all users' feedback, newest first, for platform staff.
import type { FeedbackList } from '@pipewise/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type FeedbackPage = Camelize<FeedbackList>;

export function useFeedbackList(enabled: boolean, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['admin', 'feedback', page, pageSize],
    queryFn: () => api<FeedbackPage>('GET', `/api/feedback?page=${page}&page_size=${pageSize}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

// POST /api/feedback (issue 17; docs/api-accounts.md "Feedback"): a signed-in user's message to the platform staff.
import type { FeedbackItem, FeedbackRequest } from '@pipewise/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export const postFeedback = (body: FeedbackRequest) =>
  api<Camelize<FeedbackItem>>('POST', '/api/feedback', body);

export function useSendFeedback() {
  return useMutation({ mutationFn: postFeedback });
}

// GET /api/user/receive-emails: whether the user wants notification e-mails (ACC-USER-04).
import type { ReceiveEmails } from '@pipewise/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type ReceiveEmailsData = Camelize<ReceiveEmails>;

export const RECEIVE_EMAILS_KEY = ['user', 'receive-emails'] as const;

export function getReceiveEmails(): Promise<ReceiveEmailsData> {
  return api<ReceiveEmailsData>('GET', '/api/user/receive-emails');
}

export function receiveEmailsQueryOptions() {
  return queryOptions({ queryKey: RECEIVE_EMAILS_KEY, queryFn: getReceiveEmails });
}

export function useReceiveEmails() {
  return useQuery(receiveEmailsQueryOptions());
}

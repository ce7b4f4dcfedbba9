// GET /api/admin/outbox → mails written to DATA_DIR/outbox when no SMTP server is configured,
// so staff of a fresh install can still read password-reset and welcome mails.
import type { OutboxResponse } from '@pipewise/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type OutboxMail = Camelize<OutboxResponse>['mails'][number];

export const OUTBOX_KEY = ['admin', 'outbox'] as const;

export function getOutbox(): Promise<OutboxMail[]> {
  return api<Camelize<OutboxResponse>>('GET', '/api/admin/outbox').then((body) => body.mails);
}

export function outboxQueryOptions() {
  return queryOptions({ queryKey: OUTBOX_KEY, queryFn: getOutbox });
}

export function useOutbox(enabled = true) {
  return useQuery({ ...outboxQueryOptions(), enabled });
}

// PATCH /api/user/receive-emails (ACC-USER-04).
import type { ReceiveEmails } from '@pipewise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import { USER_INFO_KEY } from '../../session/index.ts';
import { RECEIVE_EMAILS_KEY } from './get-receive-emails.ts';
import type { ReceiveEmailsData } from './get-receive-emails.ts';

export function updateReceiveEmails(input: Camelize<ReceiveEmails>): Promise<ReceiveEmailsData> {
  return api<ReceiveEmailsData>('PATCH', '/api/user/receive-emails', input);
}

export function useUpdateReceiveEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReceiveEmails,
    onSuccess: async (saved) => {
      queryClient.setQueryData(RECEIVE_EMAILS_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: USER_INFO_KEY });
    },
  });
}

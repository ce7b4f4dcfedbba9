// POST /api/contact-us (docs/api-accounts.md): a message to the platform from someone who may have no account.
import type { ContactUsRequest } from '@pipewise/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const postContactUs = (body: ContactUsRequest) =>
  api<null>('POST', '/api/contact-us', body, { auth: false });

export function useContactUs() {
  return useMutation({ mutationFn: postContactUs });
}

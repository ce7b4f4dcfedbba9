// PATCH /api/user/information with only the fields the user changed (ACC-USER-02); the answer
// is the whole updated User, which replaces the cached one.
import type { UserInformationPatch } from '@pipewise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import { USER_INFO_KEY } from '../../session/index.ts';
import type { CurrentUser } from '../../session/index.ts';

export type UserInformationInput = Camelize<UserInformationPatch>;

export function updateUserInformation(input: UserInformationInput): Promise<CurrentUser> {
  return api<CurrentUser>('PATCH', '/api/user/information', input);
}

export function useUpdateUserInformation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserInformation,
    onSuccess: async (user) => {
      queryClient.setQueryData(USER_INFO_KEY, user);
      await queryClient.invalidateQueries({ queryKey: USER_INFO_KEY });
    },
  });
}

// PUT /api/user/application-settings { grid } → { grid } (ACC-USER-05). The grid setting
// gates asset selection by zoom on the map (spec 000 §4), which reads it from the user info.
import type { ApplicationSettings } from '@pipewise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { USER_INFO_KEY } from '../../session/index.ts';

export function updateApplicationSettings(input: ApplicationSettings): Promise<ApplicationSettings> {
  return api<ApplicationSettings>('PUT', '/api/user/application-settings', input);
}

export function useUpdateApplicationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApplicationSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }),
  });
}

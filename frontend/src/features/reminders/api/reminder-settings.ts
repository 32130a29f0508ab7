import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reminderSettingsViewSchema } from '@golf/shared/schemas/reminders';
import type { ReminderSettings } from '@golf/shared/game/reminders';
import { apiRequest } from '../../../lib/api-client';

export const reminderSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['reminders', 'settings'],
    queryFn: () => apiRequest('/api/user/reminders', { schema: reminderSettingsViewSchema }),
  });

/** GET /api/user/reminders: the player's channels and times, and which channels can reach them. */
export const useReminderSettings = () => useQuery(reminderSettingsQueryOptions());

/** PUT /api/user/reminders. */
export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReminderSettings) =>
      apiRequest('/api/user/reminders', {
        method: 'PUT',
        body: settings,
        schema: reminderSettingsViewSchema,
      }),
    onSuccess: (saved) => queryClient.setQueryData(reminderSettingsQueryOptions().queryKey, saved),
  });
}

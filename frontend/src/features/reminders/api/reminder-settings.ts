import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderSettings } from '@golf/shared/schemas/reminders';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

const reminderSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.reminders.settings,
    queryFn: ({ signal }) => api.getReminderSettings({ signal }),
  });

/** The player's channels and times, and which channels can reach them. */
export const useReminderSettings = () => useQuery(reminderSettingsQueryOptions());

/** Saves the player's channels and times. */
export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReminderSettings) => api.updateReminderSettings({ body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.reminders.settings, saved),
  });
}

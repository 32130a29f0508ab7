import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveReceiptSettings } from '@golf/shared/schemas/save-receipt';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

const saveReceiptSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.reminders.saveReceipt,
    queryFn: ({ signal }) => api.getSaveReceiptSettings({ signal }),
  });

/** Whether each save is mailed, and whether an address can receive it. */
export const useSaveReceiptSettings = () => useQuery(saveReceiptSettingsQueryOptions());

export function useUpdateSaveReceiptSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SaveReceiptSettings) => api.updateSaveReceiptSettings({ body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.reminders.saveReceipt, saved),
  });
}

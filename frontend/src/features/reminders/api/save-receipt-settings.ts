import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveReceiptSettingsViewSchema, type SaveReceiptSettings } from '@golf/shared/schemas/save-receipt';
import { apiRequest } from '../../../lib/api-client';

export const saveReceiptSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['reminders', 'save-receipt'],
    queryFn: () => apiRequest('/api/user/save-receipt', { schema: saveReceiptSettingsViewSchema }),
  });

/** GET /api/user/save-receipt: whether each save is mailed, and whether an address can receive it. */
export const useSaveReceiptSettings = () => useQuery(saveReceiptSettingsQueryOptions());

/** PUT /api/user/save-receipt. */
export function useUpdateSaveReceiptSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SaveReceiptSettings) =>
      apiRequest('/api/user/save-receipt', {
        method: 'PUT',
        body: settings,
        schema: saveReceiptSettingsViewSchema,
      }),
    onSuccess: (saved) => queryClient.setQueryData(saveReceiptSettingsQueryOptions().queryKey, saved),
  });
}

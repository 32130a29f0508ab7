import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Empties one slot (DELETE …/draft/{draft}); refreshes every game query afterwards. */
export function useDeletePick(round: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: number) =>
      apiRequest(`/api/golf/round/${round}/draft/${draft}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['game'] }),
  });
}

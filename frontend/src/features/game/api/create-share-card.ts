import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** My card for the round (drawn once per ranking snapshot) and its public page. */
export function useCreateShareCard(round: number, gameGlobalId: string) {
  return useMutation({
    mutationFn: () => api.createShareCard({ params: { round }, query: { game_global_id: gameGlobalId } }),
  });
}

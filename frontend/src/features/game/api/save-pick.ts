import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedTeamSchema } from '@golf/shared/schemas/game';
import { apiRequest } from '../../../lib/api-client';

/** Puts one player in one slot (PUT …/draft/{draft}); refreshes every game query afterwards. */
export function useSavePick(round: number, draft: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (playerId: string) =>
      apiRequest(`/api/golf/round/${round}/draft/${draft}`, {
        method: 'PUT',
        body: { player_id: playerId },
        schema: savedTeamSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['game'] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedTeamSchema } from '@golf/shared/schemas/game';
import { apiRequest } from '../../../lib/api-client';

/** PUT …/draft/{draft}: puts one player in one slot of the round's team. */
export const putPick = (round: number, draft: number, playerId: string) =>
  apiRequest(`/api/golf/round/${round}/draft/${draft}`, {
    method: 'PUT',
    body: { player_id: playerId },
    schema: savedTeamSchema,
  });

/** Puts one player in one slot; refreshes every game query afterwards. */
export function useSavePick(round: number, draft: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (playerId: string) => putPick(round, draft, playerId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['game'] }),
  });
}

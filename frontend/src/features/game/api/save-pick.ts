import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DraftSlot } from '@golf/shared/game/team';
import { api } from '@/lib/api';
import { sendTeamSave } from '@/lib/team-save-retry';
import { refreshAfterRefusal, refreshGame } from './refresh-game';

/** Puts one player in one slot of the round's team (sent again while the server is busy). */
export const putPick = (round: number, draft: DraftSlot, playerId: string) =>
  sendTeamSave((headers) =>
    api.savePick({ params: { round, draft }, body: { player_id: playerId }, headers }),
  );

/** Puts one player in one slot; refreshes every game query afterwards, or after a deadline refusal. */
export function useSavePick(round: number, draft: DraftSlot) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (playerId: string) => putPick(round, draft, playerId),
    onSuccess: () => refreshGame(queryClient),
    onError: (error) => refreshAfterRefusal(queryClient, error),
  });
}

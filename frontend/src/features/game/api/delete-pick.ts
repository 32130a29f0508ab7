import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DraftSlot } from '@golf/shared/game/team';
import { api } from '@/lib/api';
import { sendTeamSave } from '@/lib/team-save-retry';
import { refreshAfterRefusal, refreshGame } from './refresh-game';
import { putPick } from './save-pick';

/** The player a removal took out of a slot, kept so that the removal can be undone. */
export interface RemovedPick {
  draft: DraftSlot;
  playerId: string;
  name: string;
}

/**
 * Empties one slot (DELETE …/draft/{draft}) and remembers who was in it: `undo` puts him back in
 * the same slot (the save's own rules apply, so an undo after the deadline is refused like a save).
 * Refreshes every game query after either, and after a refusal for the deadline.
 */
export function useDeletePick(round: number) {
  const queryClient = useQueryClient();
  const [removed, setRemoved] = useState<RemovedPick | null>(null);
  const remove = useMutation({
    mutationFn: async (pick: RemovedPick) => {
      await sendTeamSave((headers) => api.deletePick({ params: { round, draft: pick.draft }, headers }));
      return pick;
    },
    onMutate: () => setRemoved(null),
    onError: (error) => refreshAfterRefusal(queryClient, error),
    onSuccess: (pick) => {
      setRemoved(pick);
      return refreshGame(queryClient);
    },
  });
  const undo = useMutation({
    mutationFn: (pick: RemovedPick) => putPick(round, pick.draft, pick.playerId),
    onError: (error) => refreshAfterRefusal(queryClient, error),
    onSuccess: () => {
      setRemoved(null);
      return refreshGame(queryClient);
    },
  });
  return { remove, undo, removed };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DraftSlot } from '@golf/shared/game/team';
import { api } from '@/lib/api';
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
 * Refreshes every game query after either.
 */
export function useDeletePick(round: number) {
  const queryClient = useQueryClient();
  const [removed, setRemoved] = useState<RemovedPick | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['game'] });
  const remove = useMutation({
    mutationFn: async (pick: RemovedPick) => {
      await api.deletePick({ params: { round, draft: pick.draft } });
      return pick;
    },
    onMutate: () => setRemoved(null),
    onSuccess: (pick) => {
      setRemoved(pick);
      return refresh();
    },
  });
  const undo = useMutation({
    mutationFn: (pick: RemovedPick) => putPick(round, pick.draft, pick.playerId),
    onSuccess: () => {
      setRemoved(null);
      return refresh();
    },
  });
  return { remove, undo, removed };
}

import { useMutation } from '@tanstack/react-query';
import { shareCardSchema } from '@golf/shared/schemas/share';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/golf/round/{round}/share: my card for the round (drawn once per ranking snapshot). */
export function useCreateShareCard(round: number, gameGlobalId: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest(`/api/golf/round/${round}/share?game_global_id=${encodeURIComponent(gameGlobalId)}`, {
        method: 'POST',
        schema: shareCardSchema,
      }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedTeamSchema } from '@golf/shared/schemas/game';
import { apiRequest } from '../../../lib/api-client';
import type { AiMode } from '../utils/labels';

/** Saves the AI's team of one mode for a round (POST …/auto/{type}); refreshes every game query. */
export function useSaveAiTeam(round: number, type: AiMode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/api/golf/round/${round}/auto/${type}`, {
        method: 'POST',
        body: {},
        schema: savedTeamSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['game'] }),
  });
}

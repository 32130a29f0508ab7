import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { sendTeamSave } from '@/lib/team-save-retry';
import type { AiMode } from '../utils/labels';
import { refreshAfterRefusal, refreshGame } from './refresh-game';

/**
 * Saves the AI's team of one mode for a round (POST …/auto/{type}, sent again while the server is
 * busy); refreshes every game query.
 */
export function useSaveAiTeam(round: number, type: AiMode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      sendTeamSave((headers) => api.saveAiTeam({ params: { round, type }, body: {}, headers })),
    onSuccess: () => refreshGame(queryClient),
    onError: (error) => refreshAfterRefusal(queryClient, error),
  });
}

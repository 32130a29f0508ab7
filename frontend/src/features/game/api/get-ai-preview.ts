import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { aiPreviewSchema } from '@golf/shared/schemas/game';
import { apiRequest } from '../../../lib/api-client';
import type { AiMode } from '../utils/labels';

/** The four players the AI would pick for a round in one mode. */
export const aiPreviewQueryOptions = (round: number, type: AiMode) =>
  queryOptions({
    queryKey: ['game', 'auto', round, type],
    queryFn: ({ signal }) =>
      apiRequest(`/api/golf/round/${round}/auto/${type}`, { signal, schema: aiPreviewSchema }),
    staleTime: 30_000,
  });

export function useAiPreview(round: number, type: AiMode) {
  return useSuspenseQuery(aiPreviewQueryOptions(round, type)).data;
}

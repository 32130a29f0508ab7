import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { AiMode } from '../utils/labels';
import { queryKeys } from '@/lib/query-keys';

/** The four players the AI would pick for a round in one mode. */
export const aiPreviewQueryOptions = (round: number, type: AiMode) =>
  queryOptions({
    queryKey: queryKeys.game.aiPreview(round, type),
    queryFn: ({ signal }) => api.previewAiTeam({ params: { round, type }, signal }),
    staleTime: 30_000,
  });

export function useAiPreview(round: number, type: AiMode) {
  return useSuspenseQuery(aiPreviewQueryOptions(round, type)).data;
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** How often a live round is asked again while its page is visible (never in a background tab). */
export const LIVE_ROUND_REFRESH_MS = 60_000;

/**
 * A round while it is played: the field's live state, the projected cut line and the published
 * board (one public call the CDN keeps); the player's own figures are computed from it in the page.
 */
const liveRoundQueryOptions = (round: number, gameGlobalId?: string) =>
  queryOptions({
    queryKey: queryKeys.game.live(round, gameGlobalId),
    queryFn: ({ signal }) =>
      api.getLiveRound({ params: { round }, query: { game_global_id: gameGlobalId }, signal }),
    staleTime: LIVE_ROUND_REFRESH_MS / 2,
    refetchInterval: LIVE_ROUND_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

export const useLiveRound = (round: number, gameGlobalId: string | undefined, enabled: boolean) =>
  useQuery({ ...liveRoundQueryOptions(round, gameGlobalId), enabled });

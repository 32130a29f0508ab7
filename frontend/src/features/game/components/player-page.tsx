import type { QueryClient } from '@tanstack/react-query';
import { PageSkeleton } from '@/components/ui/skeleton';
import { playerQueryOptions, usePlayer } from '../api/get-player';
import { roundFieldQueryOptions, useRoundField } from '../api/get-round-field';
import { roundQueryOptions, useRound } from '../api/get-round';
import { parseDraft, parseRound } from '../utils/labels';
import { pickedSlots } from '../utils/picked-slots';
import { PlayerDetailView } from './player-detail';

export interface PlayerPageParams {
  round: string;
  draft: string;
  player: string;
}

/** The easy and advanced player pages load and show the same data; only their routes differ. */
export const loadPlayerPage = (queryClient: QueryClient, params: PlayerPageParams) =>
  Promise.all([
    queryClient.ensureQueryData(roundFieldQueryOptions(parseRound(params.round))),
    queryClient.ensureQueryData(playerQueryOptions(params.player)),
    queryClient.ensureQueryData(roundQueryOptions(parseRound(params.round))),
  ]);

export const PlayerPageSkeleton = () => <PageSkeleton cards={3} lines={4} />;

export function PlayerPage({ params }: { params: PlayerPageParams }) {
  const round = parseRound(params.round);
  const draft = parseDraft(params.draft);
  const field = useRoundField(round);
  const detail = usePlayer(params.player);
  const pickedIn = pickedSlots(useRound(round).team).get(params.player);
  return (
    <PlayerDetailView
      round={round}
      draft={draft}
      detail={detail}
      pickedIn={pickedIn}
      fieldPlayer={field.players.find((player) => player.player_id === params.player)}
    />
  );
}

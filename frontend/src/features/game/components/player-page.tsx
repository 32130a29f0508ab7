import type { QueryClient } from '@tanstack/react-query';
import { PageSkeleton } from '../../../components/ui/skeleton';
import { playerQueryOptions, usePlayer } from '../api/get-player';
import { roundFieldQueryOptions, useRoundField } from '../api/get-round-field';
import { parseDraft, parseRound } from '../utils/labels';
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
  ]);

export const PlayerPageSkeleton = () => <PageSkeleton cards={3} lines={4} />;

export function PlayerPage({ params }: { params: PlayerPageParams }) {
  const round = parseRound(params.round);
  const draft = parseDraft(params.draft);
  const field = useRoundField(round);
  const detail = usePlayer(params.player);
  return (
    <PlayerDetailView
      round={round}
      draft={draft}
      detail={detail}
      fieldPlayer={field.players.find((player) => player.player_id === params.player)}
    />
  );
}

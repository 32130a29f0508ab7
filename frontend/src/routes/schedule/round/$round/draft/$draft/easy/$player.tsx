import { createFileRoute } from '@tanstack/react-router';
import { PageSkeleton } from '../../../../../../../components/ui/skeleton';
import { playerQueryOptions, usePlayer } from '../../../../../../../features/game/api/get-player';
import {
  roundFieldQueryOptions,
  useRoundField,
} from '../../../../../../../features/game/api/get-round-field';
import { PlayerDetailView } from '../../../../../../../features/game/components/player-detail';
import { parseDraft, parseRound } from '../../../../../../../features/game/utils/labels';

export const Route = createFileRoute('/schedule/round/$round/draft/$draft/easy/$player')({
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(roundFieldQueryOptions(parseRound(params.round))),
      context.queryClient.ensureQueryData(playerQueryOptions(params.player)),
    ]),
  pendingComponent: () => <PageSkeleton cards={3} lines={4} />,
  component: PlayerPage,
});

function PlayerPage() {
  const params = Route.useParams();
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

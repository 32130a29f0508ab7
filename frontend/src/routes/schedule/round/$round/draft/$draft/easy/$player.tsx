import { createFileRoute } from '@tanstack/react-router';
import { loadPlayerPage, PlayerPage, PlayerPageSkeleton } from '@/features/game/components/player-page';

export const Route = createFileRoute('/schedule/round/$round/draft/$draft/easy/$player')({
  staticData: {
    page: {
      title: 'ラウンド {round}',
      stackType: 'dynamic',
      parent: '/schedule/round/$round/draft/$draft/easy',
      pageType: 'game',
    },
  },
  loader: ({ context, params }) => loadPlayerPage(context.queryClient, params),
  pendingComponent: PlayerPageSkeleton,
  component: function EasyPlayerPage() {
    return <PlayerPage params={Route.useParams()} />;
  },
});

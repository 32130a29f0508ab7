import { createFileRoute } from '@tanstack/react-router';
import { loadPlayerPage, PlayerPage, PlayerPageSkeleton } from '@/features/game/components/player-page';

export const Route = createFileRoute('/schedule/round/$round/draft/$draft/advanced/$player')({
  staticData: {
    page: {
      title: 'ラウンド {round}',
      stackType: 'dynamic',
      parent: '/schedule/round/$round/draft/$draft/advanced',
      pageType: 'game',
    },
  },
  loader: ({ context, params }) => loadPlayerPage(context.queryClient, params),
  pendingComponent: PlayerPageSkeleton,
  component: function AdvancedPlayerPage() {
    return <PlayerPage params={Route.useParams()} />;
  },
});

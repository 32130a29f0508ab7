import { createFileRoute } from '@tanstack/react-router';
import { GuildComplete } from '@/features/guild/components/guild-complete';

export const Route = createFileRoute('/guild/code/$id/complete')({
  staticData: { page: { title: 'ギルド', stackType: 'static', parent: '/guild', pageType: 'guild' } },
  component: GuildCodeCompletePage,
});

function GuildCodeCompletePage() {
  return (
    <GuildComplete title="ギルドに参加しました" guildId={Route.useParams().id} text="に参加しました。" />
  );
}

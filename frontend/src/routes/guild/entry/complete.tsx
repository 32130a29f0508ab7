import { createFileRoute } from '@tanstack/react-router';
import { GuildComplete } from '@/features/guild/components/guild-complete';

export const Route = createFileRoute('/guild/entry/complete')({
  staticData: { page: { title: 'ギルド', stackType: 'static', parent: '/guild', pageType: 'guild' } },
  component: () => (
    <GuildComplete title="ギルドに参加しました" text="チャットでメンバーにあいさつしましょう。" />
  ),
});

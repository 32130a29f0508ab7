import { createFileRoute } from '@tanstack/react-router';
import { GuildComplete } from '../../../features/guild/components/guild-complete';

export const Route = createFileRoute('/guild/entry/complete')({
  component: () => (
    <GuildComplete title="ギルドに参加しました" text="チャットでメンバーにあいさつしましょう。" />
  ),
});

import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { GuildComplete } from '@/features/guild/components/guild-complete';
import { setGuildFormDraft } from '@/features/guild/guild-form-draft';
import { optionalText, pageSearch } from '@/lib/search-params';

export const Route = createFileRoute('/guild/create/complete')({
  staticData: { page: { title: 'ギルド', stackType: 'static', parent: '/guild', pageType: 'guild' } },
  validateSearch: pageSearch({ id: optionalText() }),
  component: GuildCreateCompletePage,
});

function GuildCreateCompletePage() {
  // The create form starts empty again only once the guild exists.
  useEffect(() => setGuildFormDraft(null), []);
  return (
    <GuildComplete
      title="ギルドを作りました"
      guildId={Route.useSearch().id}
      text="のギルドマスターになりました。"
    />
  );
}

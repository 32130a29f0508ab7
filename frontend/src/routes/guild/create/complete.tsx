import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { z } from 'zod';
import { GuildComplete } from '../../../features/guild/components/guild-complete';
import { setGuildFormDraft } from '../../../features/guild/guild-form-draft';

export const Route = createFileRoute('/guild/create/complete')({
  validateSearch: z.object({ id: z.string().optional() }),
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

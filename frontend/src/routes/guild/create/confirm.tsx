import { createFileRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { formatPublicLabel } from '@golf/shared/game/format';
import { ConfirmActions, ConfirmList } from '@/components/ui/form-field';
import { SaveError } from '@/components/ui/save-error';
import { useCreateGuild } from '@/features/guild/api/guild-mutations';
import { entryTypeLabel } from '@/features/guild/components/guild-card';
import { GuildImage } from '@/features/guild/components/guild-image';
import { useGuildFormDraft } from '@/features/guild/guild-form-draft';

export const Route = createFileRoute('/guild/create/confirm')({
  staticData: { page: { title: 'ギルド', stackType: 'static', parent: '/guild/create', pageType: 'guild' } },
  component: GuildCreateConfirmPage,
});

function GuildCreateConfirmPage() {
  const navigate = useNavigate();
  const draft = useGuildFormDraft();
  const create = useCreateGuild();
  if (!draft) return <Navigate to="/guild/create" replace />;
  const { body } = draft;
  return (
    <div className="page-body">
      <p className="section__lead">この内容でギルドを作ります。</p>
      <section className="card">
        <GuildImage url={draft.previewUrl} size="hero" />
        <ConfirmList
          rows={[
            { label: 'ギルド名', value: body.name },
            { label: '紹介文', value: body.comment || '（なし）' },
            { label: '参加方法', value: entryTypeLabel(body.entry_type) },
            { label: '公開', value: formatPublicLabel(body.is_public) },
          ]}
        />
      </section>
      <SaveError error={create.error} />
      <ConfirmActions
        pending={create.isPending}
        submitLabel="ギルドを作る"
        onSubmit={() =>
          create.mutate(body, {
            onSuccess: (guild) => {
              void navigate({ to: '/guild/create/complete', search: { id: guild.guild_id }, replace: true });
            },
          })
        }
        onBack={() => void navigate({ to: '/guild/create' })}
      />
    </div>
  );
}

import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useConfirmGuild } from '@/features/guild/api/guild-mutations';
import { emptyGuildForm, GuildForm } from '@/features/guild/components/guild-form';
import { setGuildFormDraft, useGuildFormDraft } from '@/features/guild/guild-form-draft';

export const Route = createFileRoute('/guild/create/')({
  staticData: { page: { title: 'ギルド', stackType: 'static', parent: '/guild', pageType: 'guild' } },
  component: GuildCreatePage,
});

function GuildCreatePage() {
  const navigate = useNavigate();
  const draft = useGuildFormDraft();
  const confirm = useConfirmGuild();
  return (
    <div className="page-body">
      <p className="section__lead">ギルドを作ると、あなたがギルドマスターになります。</p>
      <GuildForm
        initial={draft?.body ?? emptyGuildForm()}
        initialPreview={draft?.previewUrl ?? null}
        submitLabel="確認画面へ"
        pending={confirm.isPending}
        error={confirm.error}
        onSubmit={(body, previewUrl) =>
          confirm.mutate(body, {
            onSuccess: () => {
              setGuildFormDraft({ body, previewUrl });
              void navigate({ to: '/guild/create/confirm' });
            },
          })
        }
      />
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { SaveError } from '@/components/ui/save-error';
import { useRegenerateJoinCode } from '@/features/guild/api/guild-mutations';
import { managedGuildQueryOptions } from '@/features/guild/api/guild-queries';
import { ManagedGuildForm } from '@/features/guild/components/managed-guild-form';
import { JoinCode } from '@/features/guild/components/join-code';

export const Route = createFileRoute('/guild/$id/edit')({
  staticData: {
    page: { title: 'ギルド', stackType: 'static', parent: '/guild/$id/show', pageType: 'guild' },
  },
  component: GuildSettingsPage,
});

/** The owner's settings: how to join, whether the guild is listed, and its join code. */
function GuildSettingsPage() {
  const { id } = Route.useParams();
  const managed = useQuery({ ...managedGuildQueryOptions(id), retry: false });
  const regenerate = useRegenerateJoinCode(id);
  const code = regenerate.data?.join_code ?? managed.data?.join_code ?? null;
  return (
    <div className="page-body">
      <ManagedGuildForm id={id} part="settings" />
      {managed.data && (
        <>
          {code && (
            <section className="card">
              <JoinCode code={code} guildName={managed.data.name} />
              <p className="muted">新しいコードを発行すると、今のコードでは参加できなくなります。</p>
              <SaveError error={regenerate.error} />
              <button
                type="button"
                className="button button--outline button--block"
                disabled={regenerate.isPending}
                onClick={() => regenerate.mutate()}
              >
                新しい参加コードを発行する
              </button>
            </section>
          )}
          <Link to="/guild/$id/profile/edit" params={{ id }} className="text-link text-link--end">
            ギルド名・紹介文・画像を編集する
          </Link>
        </>
      )}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { SkeletonCard } from '../../../components/ui/skeleton';
import { useUpdateGuild } from '../../../features/guild/api/guild-mutations';
import { managedGuildQueryOptions } from '../../../features/guild/api/guild-queries';
import { GuildForm } from '../../../features/guild/components/guild-form';
import { isApiError } from '../../../lib/api-client';

export const Route = createFileRoute('/guild/$id/edit')({
  component: GuildEditPage,
});

function GuildEditPage() {
  const { id } = Route.useParams();
  const navigate = useNavigate();
  const managed = useQuery({ ...managedGuildQueryOptions(id), retry: false });
  const update = useUpdateGuild(id);
  if (managed.isPending)
    return (
      <div className="page-body" role="status" aria-label="読み込み中">
        <SkeletonCard lines={6} />
      </div>
    );
  if (managed.isError)
    return (
      <div className="page-body">
        <EmptyState title="このギルドは編集できません" icon="guild">
          {isApiError(managed.error) && managed.error.status === 403
            ? 'ギルドを編集できるのはギルドマスターだけです。'
            : 'ギルドを読み込めませんでした。時間をおいてお試しください。'}
        </EmptyState>
      </div>
    );
  const guild = managed.data;
  return (
    <div className="page-body">
      <GuildForm
        initial={{
          name: guild.name,
          comment: guild.comment,
          entry_type: guild.entry_type === 2 ? 2 : 1,
          is_public: guild.is_public,
          image_type: guild.image_type === 2 ? 2 : 1,
        }}
        initialPreview={guild.image_url}
        submitLabel="保存する"
        pending={update.isPending}
        error={update.error}
        onSubmit={(body) =>
          update.mutate(body, { onSuccess: () => void navigate({ to: '/guild/$id/show', params: { id } }) })
        }
      />
    </div>
  );
}

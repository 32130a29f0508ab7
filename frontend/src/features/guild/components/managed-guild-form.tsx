import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { SkeletonCard } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { useUpdateGuild } from '../api/guild-mutations';
import { managedGuildQueryOptions } from '../api/guild-queries';
import { GuildForm, type GuildFormPart } from './guild-form';

/**
 * An owner's form over one part of the guild (its profile or its settings), filled from
 * GET …/manage/{id}/fetch and saved with POST …/manage/{id}/update; others are told they cannot.
 */
export function ManagedGuildForm({ id, part }: { id: string; part: Exclude<GuildFormPart, 'all'> }) {
  const navigate = useNavigate();
  const managed = useQuery({ ...managedGuildQueryOptions(id), retry: false });
  const update = useUpdateGuild(id);
  if (managed.isPending)
    return (
      <div role="status" aria-label="読み込み中">
        <SkeletonCard lines={6} />
      </div>
    );
  if (managed.isError)
    return (
      <EmptyState title="このギルドは編集できません" icon="guild">
        {isApiError(managed.error) && managed.error.code === 'not_guild_owner'
          ? 'ギルドを編集できるのはギルドマスターだけです。'
          : 'ギルドを読み込めませんでした。時間をおいてお試しください。'}
      </EmptyState>
    );
  const guild = managed.data;
  return (
    <GuildForm
      part={part}
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
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { ManagedGuildForm } from '@/features/guild/components/managed-guild-form';

export const Route = createFileRoute('/guild/$id/profile/edit')({
  staticData: {
    page: { title: 'ギルド', stackType: 'static', parent: '/guild/$id/show', pageType: 'guild' },
  },
  component: GuildProfileEditPage,
});

/** The owner's edit of what everyone sees: the guild's name, introduction and image. */
function GuildProfileEditPage() {
  return (
    <div className="page-body">
      <ManagedGuildForm id={Route.useParams().id} part="profile" />
    </div>
  );
}

import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Icon } from '@/components/ui/icon';
import { PageSkeleton } from '@/components/ui/skeleton';
import { SaveError } from '@/components/ui/save-error';
import { useKickMember } from '@/features/guild/api/guild-mutations';
import { guildMembersQueryOptions, guildQueryOptions } from '@/features/guild/api/guild-queries';
import { tokyoCalendarDate } from '@golf/shared/game/format';

export const Route = createFileRoute('/guild/$id/member')({
  staticData: {
    page: { title: 'ギルド', stackType: 'static', parent: '/guild/$id/show', pageType: 'guild' },
  },
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(guildMembersQueryOptions(params.id)),
      context.queryClient.ensureQueryData(guildQueryOptions(params.id)),
    ]),
  pendingComponent: () => <PageSkeleton cards={1} lines={6} />,
  component: GuildMembersPage,
});

function GuildMembersPage() {
  const { id } = Route.useParams();
  const { members, number_of_member } = useSuspenseQuery(guildMembersQueryOptions(id)).data;
  const guild = useSuspenseQuery(guildQueryOptions(id)).data;
  const kick = useKickMember(id);
  const [asking, setAsking] = useState<string | null>(null);
  const isOwner = guild.my_role === 'owner';
  return (
    <div className="page-body">
      <p className="section__lead">{number_of_member}人のメンバー（参加が早い順）</p>
      <SaveError error={kick.error} />
      <ul className="card card--flush member-list">
        {members.map((member) => (
          <li key={member.user_id} className="member" data-testid="guild-member">
            {member.profile_img_url ? (
              <img className="member__image" src={member.profile_img_url} alt="" />
            ) : (
              <span className="member__image member__image--empty" aria-hidden="true">
                <Icon name="user" size={20} />
              </span>
            )}
            <span className="member__body">
              <span className="member__name">{member.nickname}</span>
              <span className="member__since">
                {tokyoCalendarDate(member.joined_at).replaceAll('-', '.')} 参加
              </span>
            </span>
            {member.role === 'owner' && <Badge tone="gold">マスター</Badge>}
            {isOwner &&
              member.role !== 'owner' &&
              (asking === member.user_id ? (
                <span className="member__actions">
                  <button
                    type="button"
                    className="button button--primary button--small"
                    disabled={kick.isPending}
                    onClick={() => kick.mutate(member.user_id, { onSuccess: () => setAsking(null) })}
                  >
                    外す
                  </button>
                  <button
                    type="button"
                    className="button button--outline button--small"
                    onClick={() => setAsking(null)}
                  >
                    やめる
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className="button button--outline button--small"
                  aria-label={`${member.nickname}さんをギルドから外す`}
                  onClick={() => setAsking(member.user_id)}
                >
                  外す
                </button>
              ))}
          </li>
        ))}
      </ul>
    </div>
  );
}

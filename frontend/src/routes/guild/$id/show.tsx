import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatPublicLabel } from '@golf/shared/game/format';
import { GUILD_MAX_MEMBERS } from '@golf/shared/schemas/guild';
import { Badge } from '@/components/ui/badge';
import { PageSkeleton } from '@/components/ui/skeleton';
import { SaveError } from '@/components/ui/save-error';
import { useJoinGuild, useLeaveGuild } from '@/features/guild/api/guild-mutations';
import { guildQueryOptions } from '@/features/guild/api/guild-queries';
import { entryTypeLabel } from '@/features/guild/components/guild-card';
import { GuildImage } from '@/features/guild/components/guild-image';
import { GuildVersusCard } from '@/features/guild/components/guild-versus';
import { JoinCode } from '@/features/guild/components/join-code';

export const Route = createFileRoute('/guild/$id/show')({
  staticData: { page: { title: 'ギルド', stackType: 'dynamic', parent: '/guild', pageType: 'guild' } },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(guildQueryOptions(params.id)),
  pendingComponent: () => <PageSkeleton cards={1} lines={6} />,
  component: GuildShowPage,
});

function GuildShowPage() {
  const { id } = Route.useParams();
  const navigate = useNavigate();
  const guild = useSuspenseQuery(guildQueryOptions(id)).data;
  const join = useJoinGuild(id);
  const leave = useLeaveGuild(id);
  const [confirmLeave, setConfirmLeave] = useState(false);

  return (
    <div className="page-body">
      <section className="card guild-hero" data-testid="guild-detail">
        <GuildImage url={guild.image_url} size="hero" />
        <div className="guild-hero__badges">
          <Badge tone={guild.entry_type === 2 ? 'gold' : 'green'}>{entryTypeLabel(guild.entry_type)}</Badge>
          <Badge tone="grey">{formatPublicLabel(guild.is_public)}</Badge>
          {guild.is_full && <Badge tone="red">満員</Badge>}
        </div>
        <h2 className="guild-hero__name">{guild.name}</h2>
        <p className="muted">
          ギルドマスター：{guild.owner_nickname}・メンバー {guild.number_of_member} / {GUILD_MAX_MEMBERS}人
        </p>
        {guild.comment && <p className="guild-hero__comment">{guild.comment}</p>}
        {guild.join_code && <JoinCode code={guild.join_code} guildName={guild.name} />}
      </section>

      <GuildVersusCard guildId={id} />

      <SaveError error={join.error ?? leave.error} />

      {guild.is_member ? (
        <div className="form-actions">
          <Link to="/guild/$id/chat" params={{ id }} className="button button--primary button--block">
            チャットを開く
          </Link>
          <Link to="/guild/$id/member" params={{ id }} className="button button--outline button--block">
            メンバーを見る
          </Link>
          {guild.my_role === 'owner' && (
            <>
              <Link
                to="/guild/$id/profile/edit"
                params={{ id }}
                className="button button--outline button--block"
              >
                ギルドのプロフィールを編集する
              </Link>
              <Link to="/guild/$id/edit" params={{ id }} className="button button--outline button--block">
                参加方法・公開の設定
              </Link>
            </>
          )}
          {confirmLeave ? (
            <div className="card confirm-box" role="alertdialog" aria-label="ギルドから退出">
              <p>
                {guild.my_role === 'owner'
                  ? guild.number_of_member > 1
                    ? 'ギルドマスターが退出すると、いちばん長く参加しているメンバーがギルドマスターになります。退出しますか？'
                    : 'あなただけのギルドです。退出するとギルドは解散します。退出しますか？'
                  : 'ギルドから退出しますか？'}
              </p>
              <button
                type="button"
                className="button button--primary button--block"
                disabled={leave.isPending}
                onClick={() =>
                  leave.mutate(undefined, {
                    onSuccess: () => void navigate({ to: '/guild/withdrawal/complete', replace: true }),
                  })
                }
              >
                退出する
              </button>
              <button
                type="button"
                className="button button--outline button--block"
                onClick={() => setConfirmLeave(false)}
              >
                やめる
              </button>
            </div>
          ) : (
            <button
              type="button"
              className="button button--danger button--block"
              onClick={() => setConfirmLeave(true)}
            >
              ギルドから退出する
            </button>
          )}
        </div>
      ) : guild.can_join ? (
        <button
          type="button"
          className="button button--primary button--block"
          disabled={join.isPending}
          onClick={() =>
            join.mutate(undefined, {
              onSuccess: () => void navigate({ to: '/guild/entry/complete', replace: true }),
            })
          }
        >
          このギルドに参加する
        </button>
      ) : (
        <p className="notice">
          {guild.is_full
            ? 'このギルドは満員のため参加できません。'
            : guild.entry_type === 2
              ? 'このギルドには参加コードが必要です。ギルドマスターからコードを受け取って参加してください。'
              : 'すでに他のギルドに参加しているため、このギルドには参加できません。'}
        </p>
      )}
    </div>
  );
}

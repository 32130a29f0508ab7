import { createFileRoute, Link } from '@tanstack/react-router';
import { formatPublicLabel } from '@golf/shared/game/format';
import { GUILD_MAX_MEMBERS } from '@golf/shared/schemas/guild';
import { AppLink } from '@/components/ui/app-link';
import { Badge } from '@/components/ui/badge';
import { LinkCardBody } from '@/components/ui/link-card-body';
import { PageSkeleton } from '@/components/ui/skeleton';
import { useSuspenseQuery } from '@tanstack/react-query';
import { myGuildQueryOptions } from '@/features/guild/api/guild-queries';
import { entryTypeLabel } from '@/features/guild/components/guild-card';
import { GuildImage } from '@/features/guild/components/guild-image';

export const Route = createFileRoute('/guild/')({
  staticData: { page: { title: 'ギルド', stackType: 'static', parent: '/', pageType: 'guild' } },
  loader: ({ context }) => context.queryClient.ensureQueryData(myGuildQueryOptions()),
  pendingComponent: () => <PageSkeleton cards={1} lines={4} />,
  component: GuildHomePage,
});

function GuildHomePage() {
  const { guild } = useSuspenseQuery(myGuildQueryOptions()).data;
  if (!guild)
    return (
      <div className="page-body">
        <section className="card guild-intro">
          <h2 className="card-title">ギルドに参加しよう</h2>
          <p className="muted">
            ギルドは最大{GUILD_MAX_MEMBERS}
            人の仲間のチームです。チャットで作戦を話したり、ギルドランキングで他のギルドと競ったりできます。参加できるギルドは1つだけです。
          </p>
        </section>
        <ul className="link-list">
          <li>
            <AppLink href="/guild/list" className="card link-card">
              <LinkCardBody icon="guild" title="ギルドを探す" text="公開中のギルドから選んで参加" />
            </AppLink>
          </li>
          <li>
            <AppLink href="/guild/code" className="card link-card">
              <LinkCardBody icon="pin" title="参加コードで参加" text="招待された8文字のコードを入力" />
            </AppLink>
          </li>
          <li>
            <AppLink href="/guild/create" className="card link-card">
              <LinkCardBody icon="flag" title="ギルドを作る" text="あなたがギルドマスターになります" />
            </AppLink>
          </li>
        </ul>
        <AppLink href="/ranking/guild" className="text-link text-link--end">
          ギルドランキングを見る
        </AppLink>
      </div>
    );
  return (
    <div className="page-body">
      <section className="card guild-hero" data-testid="my-guild">
        <GuildImage url={guild.image_url} size="hero" />
        <div className="guild-hero__badges">
          {guild.my_role === 'owner' && <Badge tone="gold">ギルドマスター</Badge>}
          <Badge tone="green">{entryTypeLabel(guild.entry_type)}</Badge>
          <Badge tone="grey">{formatPublicLabel(guild.is_public)}</Badge>
        </div>
        <h2 className="guild-hero__name">{guild.name}</h2>
        <p className="muted">
          メンバー {guild.number_of_member} / {GUILD_MAX_MEMBERS}人
        </p>
      </section>
      <ul className="link-list">
        <li>
          <Link to="/guild/$id/chat" params={{ id: guild.guild_id }} className="card link-card">
            <LinkCardBody icon="news" title="チャット" text="メンバーと話す" />
          </Link>
        </li>
        <li>
          <Link to="/guild/$id/member" params={{ id: guild.guild_id }} className="card link-card">
            <LinkCardBody icon="guild" title="メンバー" text={`${guild.number_of_member}人が参加中`} />
          </Link>
        </li>
        <li>
          <Link to="/guild/$id/show" params={{ id: guild.guild_id }} className="card link-card">
            <LinkCardBody icon="book" title="ギルドの詳細" text="紹介文・参加コード・退出" />
          </Link>
        </li>
      </ul>
    </div>
  );
}

import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { GUILD_NAME_MAX } from '@golf/shared/schemas/values/guild';
import { EmptyState } from '@/components/ui/empty-state';
import { SkeletonCard } from '@/components/ui/skeleton';
import { guildListQueryOptions } from '@/features/guild/api/guild-queries';
import { GuildCard } from '@/features/guild/components/guild-card';
import { pageNumber, pageSearch, textOr } from '@/lib/search-params';

const searchSchema = pageSearch({
  name: textOr('', GUILD_NAME_MAX),
  page: pageNumber(),
});

export const Route = createFileRoute('/guild/list')({
  staticData: { page: { title: 'ギルド', stackType: 'static', parent: '/guild', pageType: 'guild' } },
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(guildListQueryOptions(deps.name, deps.page)),
  pendingComponent: () => (
    <div className="page-body page-body--pending" role="status" aria-label="読み込み中">
      <SkeletonCard lines={3} />
      <SkeletonCard lines={3} />
    </div>
  ),
  component: GuildListPage,
});

function GuildListPage() {
  const { name, page } = Route.useSearch();
  const navigate = useNavigate();
  const [query, setQuery] = useState(name);
  const list = useSuspenseQuery(guildListQueryOptions(name, page)).data;
  const search = (event: FormEvent) => {
    event.preventDefault();
    void navigate({ to: '/guild/list', search: { name: query.trim(), page: 1 } });
  };
  return (
    <div className="page-body">
      <form className="search-bar" role="search" onSubmit={search}>
        <input
          className="form-control"
          type="search"
          aria-label="ギルド名で検索"
          placeholder="ギルド名で検索"
          maxLength={GUILD_NAME_MAX}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <button type="submit" className="button button--primary">
          検索
        </button>
      </form>
      {list.guilds.length === 0 ? (
        <EmptyState
          title={name ? `「${name}」に一致するギルドはありません` : '公開中のギルドはありません'}
          icon="guild"
        >
          ギルドを作って仲間を集めましょう。
        </EmptyState>
      ) : (
        <>
          <p className="section__lead">{list.total}件のギルド</p>
          <ul className="prize-list">
            {list.guilds.map((guild) => (
              <GuildCard key={guild.guild_id} guild={guild} />
            ))}
          </ul>
        </>
      )}
      {(page > 1 || list.has_next) && (
        <nav className="pager" aria-label="ページ">
          {page > 1 ? (
            <Link to="/guild/list" search={{ name, page: page - 1 }} className="button button--outline">
              前へ
            </Link>
          ) : (
            <span />
          )}
          <span className="pager__status">{page}ページ</span>
          {list.has_next ? (
            <Link to="/guild/list" search={{ name, page: page + 1 }} className="button button--outline">
              次へ
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}

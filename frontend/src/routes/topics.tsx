import { createFileRoute, Link } from '@tanstack/react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSkeleton } from '@/components/ui/skeleton';
import { topicsQueryOptions, useTopics } from '@/features/topics/api/get-topics';
import { TopicItem } from '@/features/topics/components/topic-item';
import { optionalText, pageNumber, pageSearch } from '@/lib/search-params';

const searchSchema = pageSearch({
  page: pageNumber(),
  open: optionalText(),
});

export const Route = createFileRoute('/topics')({
  staticData: { page: { title: 'トピックス', stackType: 'dynamic', parent: '/', visitorAllowed: true } },
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(topicsQueryOptions(deps.page)),
  pendingComponent: () => <PageSkeleton cards={1} lines={5} />,
  component: TopicsPage,
});

function TopicsPage() {
  const { page, open } = Route.useSearch();
  const list = useTopics(page);
  if (list.topics.length === 0)
    return (
      <div className="page-body">
        <EmptyState title="お知らせはありません" icon="news">
          新しいお知らせがあれば、ここに表示されます。
        </EmptyState>
      </div>
    );
  return (
    <div className="page-body">
      <div className="card card--flush">
        {list.topics.map((topic) => (
          <TopicItem key={topic.id} topic={topic} open={topic.id === open} />
        ))}
      </div>
      {list.last_page > 1 && (
        <nav className="pager" aria-label="ページ">
          {page > 1 ? (
            <Link to="/topics" search={{ page: page - 1 }} className="button button--outline">
              前へ
            </Link>
          ) : (
            <span />
          )}
          <span className="pager__status">
            {page} / {list.last_page}
          </span>
          {page < list.last_page ? (
            <Link to="/topics" search={{ page: page + 1 }} className="button button--outline">
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

import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '@/components/ui/app-link';
import { Icon } from '@/components/ui/icon';
import { Skeleton } from '@/components/ui/skeleton';
import { topicsQueryOptions } from '../api/get-topics';
import { TopicLine } from './topic-item';

/** The three newest topics on the top page; the page never waits for them. */
export function LatestTopics() {
  const { data, isPending, isError } = useQuery(topicsQueryOptions(1));
  if (isError || (data && data.topics.length === 0)) return null;
  return (
    <section className="section" aria-labelledby="top-topics-heading">
      <h2 id="top-topics-heading" className="section__title">
        お知らせ
      </h2>
      <ul className="card card--flush topic-lines">
        {isPending
          ? [0, 1, 2].map((index) => (
              <li key={index} className="topic-lines__item">
                <Skeleton height={40} />
              </li>
            ))
          : data.topics.slice(0, 3).map((topic) => (
              <li key={topic.id}>
                <Link
                  to="/topics"
                  search={{ open: topic.id }}
                  className="topic-lines__item"
                  data-testid="top-topic"
                >
                  <TopicLine topic={topic} />
                  <Icon name="next" size={16} />
                </Link>
              </li>
            ))}
      </ul>
      <AppLink href="/topics" className="text-link text-link--end">
        お知らせ一覧へ
        <Icon name="next" size={14} />
      </AppLink>
    </section>
  );
}

import { tokyoCalendarDate } from '@golf/shared/game/format';
import type { TopicList } from '@golf/shared/schemas/topic';
import { topicCategoryLabels } from '@golf/shared/schemas/values/topic';
import { Badge, type BadgeTone } from '@/components/ui/badge';

type Topic = TopicList['topics'][number];

const tones: Record<Topic['category'], BadgeTone> = {
  news: 'green',
  tournament: 'gold',
  campaign: 'blue',
  maintenance: 'grey',
};

const topicDate = (topic: Topic) => tokyoCalendarDate(topic.published_at).replaceAll('-', '.');

function TopicHeading({ topic }: { topic: Topic }) {
  return (
    <span className="topic__heading">
      <span className="topic__meta">
        <time dateTime={topic.published_at}>{topicDate(topic)}</time>
        <Badge tone={tones[topic.category]}>{topicCategoryLabels[topic.category]}</Badge>
      </span>
      <span className="topic__title">{topic.title}</span>
    </span>
  );
}

/** One topic that opens in place; its text is shown as text, paragraph by paragraph. */
export function TopicItem({ topic, open }: { topic: Topic; open?: boolean }) {
  return (
    <details className="topic" id={`topic-${topic.id}`} open={open} data-testid="topic">
      <summary className="topic__summary">
        <TopicHeading topic={topic} />
      </summary>
      <div className="topic__body">
        {topic.body.split(/\n{2,}/).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </details>
  );
}

/** A topic as a line of the top page's list, linking to it on /topics. */
export function TopicLine({ topic }: { topic: Topic }) {
  return <TopicHeading topic={topic} />;
}

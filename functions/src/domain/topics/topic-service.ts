import { TOPIC_PAGE_SIZE, type Topic, type TopicList } from '@golf/shared/schemas/topic';
import { topicRepository } from '../../db/repositories/topic-repository';
import { notFound } from '../../lib/errors';

/** A page of the topics published by `now`, newest first. A page past the end is empty, not an error. */
export async function listTopics(page: number, now: Date): Promise<TopicList> {
  const topics = await topicRepository.listPublishedTopics(now.toISOString());
  const lastPage = Math.max(1, Math.ceil(topics.length / TOPIC_PAGE_SIZE));
  return {
    topics: topics
      .slice((page - 1) * TOPIC_PAGE_SIZE, page * TOPIC_PAGE_SIZE)
      .map(({ updated_at: _updated, ...topic }) => topic),
    current_page: page,
    last_page: lastPage,
  };
}

/** Creates or replaces topics by id; a topic sent again unchanged is left as it is (idempotent). */
export async function publishTopics(topics: Topic[], now: Date) {
  let published = 0;
  for (const topic of topics) {
    const stored = await topicRepository.getTopic(topic.id);
    if (
      stored &&
      stored.category === topic.category &&
      stored.title === topic.title &&
      stored.body === topic.body &&
      stored.published_at === topic.published_at
    )
      continue;
    await topicRepository.putTopic({ ...topic, updated_at: now.toISOString() });
    published++;
  }
  return { published, unchanged: topics.length - published };
}

export async function withdrawTopic(topicId: string): Promise<{ withdrawn: string }> {
  if (!(await topicRepository.deleteTopic(topicId))) throw notFound('そのトピックはありません。');
  return { withdrawn: topicId };
}

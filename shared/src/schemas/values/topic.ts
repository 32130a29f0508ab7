/*
 * The plain values of the topic schemas (../topic.ts), without zod: the SPA's first bundle shows
 * the latest topics on the top page and must not load zod's classic API for them.
 */

export const topicCategories = ['news', 'tournament', 'campaign', 'maintenance'] as const;
export type TopicCategory = (typeof topicCategories)[number];
export const topicCategoryLabels: Record<TopicCategory, string> = {
  news: 'お知らせ',
  tournament: '大会情報',
  campaign: 'キャンペーン',
  maintenance: 'メンテナンス',
};

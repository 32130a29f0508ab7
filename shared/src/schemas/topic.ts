/** Topics: the operators' notices on /topics (GET /api/topics) and their publishing (operators). */
import * as z from 'zod';
import { isoInstant, plainText } from './text';
import { topicCategories } from './values/topic';

export const TOPIC_PAGE_SIZE = 10;

const topicCategorySchema = z.enum(topicCategories);

const topicIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'IDは英小文字・数字・ハイフンの64文字以内で指定してください。');

const topicSchema = z.object({
  id: topicIdSchema,
  category: topicCategorySchema,
  title: plainText(80),
  /** Plain text; blank lines separate paragraphs. */
  body: plainText(4000, { newlines: true }),
  /** Shown from this instant on; a later instant schedules the topic. */
  published_at: isoInstant().transform((value) => new Date(value).toISOString()),
});
export type Topic = z.infer<typeof topicSchema>;
export type TopicInput = z.input<typeof topicSchema>;

export const topicListQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) });
export const topicListSchema = z.object({
  topics: z.array(topicSchema.extend({ published_at: z.string() })),
  current_page: z.number().int(),
  last_page: z.number().int(),
});
export type TopicList = z.infer<typeof topicListSchema>;

export const topicParamsSchema = z.object({ id: topicIdSchema });
export const publishTopicsBodySchema = z.object({ topics: z.array(topicSchema).min(1).max(100) });
export const publishTopicsResultSchema = z.object({
  published: z.number().int(),
  unchanged: z.number().int(),
});

import { describe, expect, it } from 'vitest';
import { TOPIC_PAGE_SIZE, topicListSchema, type TopicInput } from '../../shared/src/schemas/topic';
import { topicRepository } from '../../functions/src/db/repositories/topic-repository';
import { api, tokenFor } from './support/api';

type ErrorBody = { code: string; errors?: Record<string, string[]> };

const operator = () => tokenFor('topics-operator', ['operators']);
const topic = (overrides: Partial<TopicInput> = {}): TopicInput => ({
  id: `t-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`,
  category: 'news',
  title: 'テストのお知らせ',
  body: '本文です。\n\n2段落目です。',
  published_at: new Date(Date.now() - 60_000).toISOString(),
  ...overrides,
});

describe('GET /api/topics', () => {
  it('lists the published sample topics newest first, cacheable, without the scheduled one', async () => {
    const result = await api('GET', '/api/topics');
    expect(result.status).toBe(200);
    expect(result.headers.get('cache-control')).toContain('max-age=60');
    const list = topicListSchema.parse(result.body);
    expect(list.current_page).toBe(1);
    expect(list.topics.length).toBeGreaterThanOrEqual(6);
    const instants = list.topics.map((t) => t.published_at);
    expect([...instants].sort().reverse()).toEqual(instants);
    expect(list.topics.some((t) => t.id.startsWith('preview-'))).toBe(false);
    expect(list.topics.every((t) => t.published_at <= new Date().toISOString())).toBe(true);
  });

  it('pages by ten and answers an empty page past the end', async () => {
    const first = topicListSchema.parse((await api('GET', '/api/topics?page=1')).body);
    const beyond = topicListSchema.parse((await api('GET', `/api/topics?page=${first.last_page + 1}`)).body);
    expect(first.topics.length).toBeLessThanOrEqual(TOPIC_PAGE_SIZE);
    expect(beyond.topics).toEqual([]);
    expect((await api<ErrorBody>('GET', '/api/topics?page=0')).status).toBe(422);
    expect((await api<ErrorBody>('GET', '/api/topics?page=abc')).status).toBe(422);
  });
});

describe('operators publish topics', () => {
  it('refuses visitors and players', async () => {
    expect((await api('POST', '/api/ops/topics', { body: { topics: [topic()] } })).status).toBe(401);
    const player = await tokenFor('topics-player');
    expect(
      (await api('POST', '/api/ops/topics', { body: { topics: [topic()] }, token: player })).status,
    ).toBe(403);
    expect((await api('DELETE', '/api/ops/topics/season-open', { token: player })).status).toBe(403);
    expect(await topicRepository.getTopic('season-open')).not.toBeNull();
  });

  it('publishes, is idempotent, updates, schedules and withdraws', async () => {
    const token = await operator();
    const now = topic();
    const later = topic({ published_at: new Date(Date.now() + 86_400_000).toISOString() });
    let result = await api<{ published: number; unchanged: number }>('POST', '/api/ops/topics', {
      body: { topics: [now, later] },
      token,
    });
    expect(result.body).toEqual({ published: 2, unchanged: 0 });
    result = await api('POST', '/api/ops/topics', { body: { topics: [now, later] }, token });
    expect(result.body).toEqual({ published: 0, unchanged: 2 });

    const listed = topicListSchema.parse((await api('GET', '/api/topics')).body).topics.map((t) => t.id);
    expect(listed[0]).toBe(now.id);
    expect(listed).not.toContain(later.id);

    result = await api('POST', '/api/ops/topics', { body: { topics: [{ ...now, title: '訂正版' }] }, token });
    expect(result.body).toEqual({ published: 1, unchanged: 0 });
    expect((await topicRepository.getTopic(now.id))?.title).toBe('訂正版');

    expect((await api('DELETE', `/api/ops/topics/${now.id}`, { token })).status).toBe(200);
    expect(await topicRepository.getTopic(now.id)).toBeNull();
    expect((await api<ErrorBody>('DELETE', `/api/ops/topics/${now.id}`, { token })).status).toBe(404);
  });

  it.each([
    ['a bad id', { id: 'Bad Id!' }, 'topics.1.id'],
    ['an unknown category', { category: 'gossip' as never }, 'topics.1.category'],
    ['an empty title', { title: ' ' }, 'topics.1.title'],
    ['a too long title', { title: 'あ'.repeat(81) }, 'topics.1.title'],
    ['an instant without an offset', { published_at: '2026-11-23T10:00:00' }, 'topics.1.published_at'],
  ])('refuses %s with 422 and stores nothing', async (_, overrides, field) => {
    const good = topic();
    const result = await api<ErrorBody>('POST', '/api/ops/topics', {
      body: { topics: [good, topic(overrides)] },
      token: await operator(),
    });
    expect(result.status).toBe(422);
    expect(result.body.errors?.[field]?.[0]).toBeTruthy();
    expect(await topicRepository.getTopic(good.id)).toBeNull();
  });
});

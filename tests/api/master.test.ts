import { describe, expect, it } from 'vitest';
import { masterListSchema } from '../../shared/src/schemas/master';
import { scheduleSchema } from '../../shared/src/schemas/schedule';
import { prizeOptionSchema } from '../../shared/src/schemas/prize';
import { api } from './support/api';

describe('master data', () => {
  it.each(['age', 'favorite_sports', 'gender', 'golf_history', 'golf_play_history', 'prefecture'])(
    'GET /api/master/%s returns a cacheable option list',
    async (list) => {
      const result = await api('GET', `/api/master/${list}`);
      expect(result.status).toBe(200);
      const options = masterListSchema.parse(result.body);
      expect(options.length).toBeGreaterThan(1);
      expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
      expect(result.headers.get('cache-control')).toContain('max-age=3600');
    },
  );

  it('lists the 47 prefectures in JIS order', async () => {
    const { body } = await api<Array<{ value: string; name: string }>>('GET', '/api/master/prefecture');
    expect(body).toHaveLength(47);
    expect(body[0]).toEqual({ value: '1', name: '北海道' });
    expect(body[12]).toEqual({ value: '13', name: '東京都' });
    expect(body[46]).toEqual({ value: '47', name: '沖縄県' });
  });

  it.each(['company_area', 'company_size', 'department', 'interest_theme', 'job', 'post', 'sansan_interest'])(
    'GET /api/master/akifuyu_campaign/%s returns options whose first value is "1"',
    async (list) => {
      const result = await api('GET', `/api/master/akifuyu_campaign/${list}`);
      expect(result.status).toBe(200);
      expect(masterListSchema.parse(result.body)[0]?.value).toBe('1');
    },
  );

  it('answers an unknown list with 422 and a field error', async () => {
    const result = await api<{ code: string; errors: Record<string, string[]> }>('GET', '/api/master/zodiac');
    expect(result.status).toBe(422);
    expect(result.body.code).toBe('validation_failed');
    expect(result.body.errors['list']?.length).toBeGreaterThan(0);
  });

  it('serves the season schedule from the stored tournaments', async () => {
    const result = await api<unknown[]>('GET', '/api/golf/master/schedule');
    expect(result.status).toBe(200);
    const schedules = result.body.map((item) => scheduleSchema.parse(item));
    expect(schedules.length).toBeGreaterThanOrEqual(5);
    expect(schedules.filter((s) => s.status === 'in_progress')).toHaveLength(1);
    expect(schedules.some((s) => s.status === 'finished')).toBe(true);
    expect(schedules.some((s) => s.status === 'upcoming')).toBe(true);
  });

  it.each(['game_prize', 'entry_prize', 'yearly_ranking_prize'])(
    'GET /api/golf/master/%s lists prizes',
    async (list) => {
      const result = await api<unknown[]>('GET', `/api/golf/master/${list}`);
      expect(result.status).toBe(200);
      expect(result.body.length).toBeGreaterThan(0);
      for (const prize of result.body) prizeOptionSchema.parse(prize);
    },
  );

  it('GET /api/golf/master/group_category is a static list', async () => {
    const result = await api('GET', '/api/golf/master/group_category');
    expect(masterListSchema.parse(result.body).length).toBeGreaterThan(3);
  });
});

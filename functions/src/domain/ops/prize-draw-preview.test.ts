import { describe, expect, it } from 'vitest';
import type { PrizeRecord } from '@golf/shared/schemas/prize';
import { shortfallReason } from '../prize/prize-draw-service';

const prize = (overrides: Partial<PrizeRecord>): PrizeRecord => ({
  id: 'p',
  kind: 'entry',
  name: '参加賞',
  description: '',
  image_url: '',
  value_yen: 1000,
  winners_count: 100,
  rank_from: null,
  rank_to: null,
  game_global_id: 'g',
  season_id: 2026,
  order: 0,
  ...overrides,
});
const entrants = (all: number, everyRound: number) =>
  Array.from({ length: all }, (_, i) => ({
    userId: `u${i}`,
    score: 0,
    enteredEveryRound: i < everyRound,
    lastTeam: null,
    lastSavedAt: null,
  }));

describe('shortfallReason', () => {
  it('says nothing when the draw picks every winner the prize offers', () => {
    expect(shortfallReason(prize({}), 100, entrants(150, 120))).toBeNull();
  });

  it('a lottery short of entrants says who may win, how many there are and how many are missing', () => {
    expect(shortfallReason(prize({}), 1, entrants(120, 1))).toBe(
      '抽選の対象は全ラウンドにチームを出したユーザーです。対象は1人（いずれかのラウンドに参加したのは120人）のため、当選は1人で、賞品の100人に99人足りません。',
    );
  });

  it("with no entrant at all it points at the carry-over, in the operators' words", () => {
    const reason = shortfallReason(prize({}), 0, []);
    expect(reason).toContain('締め切りの引き継ぎ');
    expect(reason).not.toMatch(/[a-z]/);
  });

  it('a rank prize beyond the last entrant names its ranks and the field size', () => {
    expect(
      shortfallReason(prize({ kind: 'game', rank_from: 4, rank_to: 6, winners_count: 3 }), 1, entrants(4, 4)),
    ).toBe('4位から6位が対象ですが、大会の参加者は4人のため、当選は1人で、賞品の3人に2人足りません。');
  });
});

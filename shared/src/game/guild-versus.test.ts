import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gamePostText } from './guild-posts';
import { type BoardIndex, boardIndexOf } from './ranking';
import { formatAverageGap, formatGuildAverage, guildAverageScore, versusPositions } from './guild-versus';

const indexOf = (sorted: number[]): BoardIndex => boardIndexOf(sorted.length, (p) => sorted[p]!);

describe('guild vs guild: neighbours on the guild board', () => {
  it('finds the guild ranked just above and just below, skipping guilds tied with it', () => {
    const index = indexOf([-3.5, -1, -1, 0.5, 0.5, 0.5, 2]);
    expect(versusPositions(index, 0.5)).toEqual({ rank: 4, above: 2, below: 6, total: 7 });
    expect(versusPositions(index, -3.5)).toEqual({ rank: 1, above: null, below: 1, total: 7 });
    expect(versusPositions(index, 2)).toEqual({ rank: 7, above: 5, below: null, total: 7 });
    expect(versusPositions(index, 1)).toBeNull();
    expect(versusPositions(indexOf([1.5]), 1.5)).toEqual({ rank: 1, above: null, below: null, total: 1 });
  });

  it('matches a walk over the board for any board', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -30, max: 30 }), { minLength: 1, maxLength: 60 }), (raw) => {
        const sorted = raw.map((v) => v / 2).sort((a, b) => a - b);
        const value = sorted[Math.floor(sorted.length / 2)]!;
        const found = versusPositions(indexOf(sorted), value)!;
        const first = sorted.indexOf(value);
        expect(found.rank).toBe(first + 1);
        const above = sorted.findLastIndex((v) => v < value);
        const below = sorted.findIndex((v) => v > value);
        expect(found.above).toBe(above === -1 ? null : above);
        expect(found.below).toBe(below === -1 ? null : below);
      }),
    );
  });

  it('averages the entered members to one decimal, shown as the ranking shows it', () => {
    expect(guildAverageScore([1, 2, 2])).toBe(1.7);
    expect(guildAverageScore([-3, -4])).toBe(-3.5);
    expect(formatGuildAverage(1.7)).toBe('+1.7');
    expect(formatGuildAverage(0)).toBe('E');
    expect(formatGuildAverage(-3.5)).toBe('-3.5');
    expect(formatAverageGap(-1.25 + 0.05)).toBe('1.2');
  });
});

describe('game posts in the guild chat', () => {
  it('say which member saved or changed a team, and never which players', () => {
    expect(gamePostText({ kind: 'team_entered', round: 3, member_id: 'u1' }, '山田')).toBe(
      '山田さんが第3ラウンドのチームを登録しました。',
    );
    expect(gamePostText({ kind: 'team_changed', round: 3, member_id: 'u1' }, '山田')).toBe(
      '山田さんが第3ラウンドのチームを変更しました。',
    );
  });

  it('give the round result: the average, the rank among the guilds and how it moved', () => {
    const post = {
      kind: 'round_result',
      round: 2,
      average: -1.5,
      rank: 3,
      guild_count: 12,
      previous_rank: 5,
      update: false,
    } as const;
    expect(gamePostText(post)).toBe(
      '第2ラウンドの結果が確定しました。ギルドの平均スコアは -1.5 です。\n' +
        'ギルドランキングは 12ギルド中 3位 になりました（前のラウンドの5位から2つ上がりました）。',
    );
    expect(gamePostText({ ...post, rank: 7, update: true })).toBe(
      '第2ラウンドの結果が修正されました。ギルドの平均スコアは -1.5 です。\n' +
        'ギルドランキングは 12ギルド中 7位 になりました（前のラウンドの5位から2つ下がりました）。',
    );
    expect(gamePostText({ ...post, round: 1, previous_rank: null, average: 0 })).toBe(
      '第1ラウンドの結果が確定しました。ギルドの平均スコアは E です。\n' +
        'ギルドランキングは 12ギルド中 3位 になりました。',
    );
    expect(gamePostText({ ...post, previous_rank: 3 })).toContain('（前のラウンドと同じ順位）');
  });
});

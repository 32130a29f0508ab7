/**
 * My page's season charts: per tournament of the season, the player's round scores, SCORE rank after
 * each round and yearly points, read from the history the ranking job keeps (never from other
 * players' items), for the caller only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { myScoreSchema } from '../../shared/src/schemas/game';
import { ownRankingResponseSchema } from '../../shared/src/schemas/ranking';
import { seasonHistorySchema, type SeasonHistory } from '../../shared/src/schemas/season-history';
import { api, tokenFor } from './support/api';
import { publishRankingsNow } from './support/rankings';

const season = async (token: string, query = ''): Promise<SeasonHistory> => {
  const result = await api('GET', `/api/golf/schedule/score/season${query}`, { token });
  expect(result.status).toBe(200);
  return seasonHistorySchema.parse(result.body);
};

let token: string;

beforeAll(async () => {
  await publishRankingsNow();
  // A sample player with a team in every tournament of the season.
  token = await tokenFor('sample-user-0005');
});

describe('GET /api/golf/schedule/score/season', () => {
  it('lists the sample season tournament by tournament, its points adding up to my yearly points', async () => {
    const [history, yearly] = await Promise.all([
      season(token),
      api('GET', '/api/golf/ranking/yearly_personal', { token }),
    ]);
    // Finished tournaments the player entered (one with a cancelled round), then the one in round 3.
    expect(history.tournaments.length).toBeGreaterThanOrEqual(5);
    expect(history.tournaments.map((t) => t.rounds.length)).toEqual([
      ...history.tournaments.slice(1).map(() => 4),
      3,
    ]);
    const starts = history.tournaments.map((t) => t.start_on);
    expect(starts).toEqual([...starts].sort());
    const finished = history.tournaments.slice(0, -1);
    expect(finished.every((t) => !t.provisional)).toBe(true);
    expect(history.tournaments.at(-1)!.provisional).toBe(true);
    const cancelled = history.tournaments.flatMap((t) => t.rounds.filter((r) => r.cancelled));
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toMatchObject({ score: null, rank: null });
    for (const tournament of history.tournaments) {
      expect(tournament.points).not.toBeNull();
      expect(tournament.points!).toBeLessThanOrEqual(1000);
      for (const round of tournament.rounds.filter((r) => !r.cancelled)) {
        expect(round.rank).not.toBeNull();
        expect(round.rank!).toBeLessThanOrEqual(round.ranked);
      }
    }
    const points = history.tournaments.reduce((sum, t) => sum + t.points!, 0);
    expect(ownRankingResponseSchema.parse(yearly.body).rankings[0]!.value).toBe(points);
  });

  it('gives the current tournament’s round scores as my score does, and my rank as the ranking does', async () => {
    const [history, mine, own] = await Promise.all([
      season(token),
      api('GET', '/api/golf/schedule/score/me', { token }),
      api('GET', '/api/golf/ranking/user?round=2', { token }),
    ]);
    const score = myScoreSchema.parse(mine.body);
    const current = history.tournaments.find((t) => t.game_global_id === score.game_global_id)!;
    for (const round of current.rounds) {
      const expected = score.rounds[round.round - 1]!.score;
      expect(round.score).toBe(expected.kind === 'scored' ? expected.score : null);
    }
    const scoreRank = ownRankingResponseSchema.parse(own.body).rankings.find((row) => row.type === 1);
    expect(current.rounds[1]!.rank).toBe(scoreRank!.rank);
  });

  it('is empty for a player who never entered, refused to visitors, and 422 for a bad year', async () => {
    const newcomer = await tokenFor(`season-newcomer-${Date.now()}`);
    expect((await season(newcomer)).tournaments).toEqual([]);
    expect((await season(token, '?year=2000')).tournaments).toEqual([]);
    expect((await api('GET', '/api/golf/schedule/score/season')).status).toBe(401);
    const bad = await api<{ errors: Record<string, string[]> }>(
      'GET',
      '/api/golf/schedule/score/season?year=abc',
      { token },
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['year']);
  });
});

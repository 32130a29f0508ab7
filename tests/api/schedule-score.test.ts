import { describe, expect, it } from 'vitest';
import { tournamentScoreSchema } from '../../shared/src/schemas/schedule';
import { api } from './support/api';

describe('GET /api/golf/schedule/score', () => {
  it('returns the current tournament mid-way through round 3', async () => {
    const result = await api('GET', '/api/golf/schedule/score');
    expect(result.status).toBe(200);
    const score = tournamentScoreSchema.parse(result.body);
    expect(score.schedule.status).toBe('in_progress');
    expect(score.schedule.rounds.map((r) => r.status)).toEqual([
      'final',
      'final',
      'provisional',
      'scheduled',
    ]);
    expect(score.schedule.current_round).toBe(4);
    expect(score.is_provisional).toBe(true);
    expect(score.leaderboard.length).toBeGreaterThan(90);
  });

  it('orders contenders by total with shared positions, then missed cuts', async () => {
    const { body } = await api('GET', '/api/golf/schedule/score');
    const { leaderboard } = tournamentScoreSchema.parse(body);
    const contenders = leaderboard.filter((row) => row.status === 'active' && row.total_to_par !== null);
    for (let i = 1; i < contenders.length; i++) {
      expect(contenders[i]!.total_to_par!).toBeGreaterThanOrEqual(contenders[i - 1]!.total_to_par!);
      if (contenders[i]!.total_to_par === contenders[i - 1]!.total_to_par) {
        expect(contenders[i]!.position).toBe(contenders[i - 1]!.position);
        expect(contenders[i]!.position).toMatch(/^T\d+$/);
      }
    }
    const firstCut = leaderboard.findIndex((row) => row.status === 'cut');
    expect(firstCut).toBeGreaterThan(0);
    expect(leaderboard.slice(firstCut).every((row) => row.status !== 'active')).toBe(true);
    expect(leaderboard.find((row) => row.status === 'cut')?.rounds[2]).toBeNull();
  });

  it('returns a finished tournament by id with every round final', async () => {
    const schedules = (
      await api<Array<{ game_global_id: string; status: string }>>('GET', '/api/golf/master/schedule')
    ).body;
    const finished = schedules.find((s) => s.status === 'finished')!;
    const result = await api('GET', `/api/golf/schedule/score?game_global_id=${finished.game_global_id}`);
    const score = tournamentScoreSchema.parse(result.body);
    expect(score.is_provisional).toBe(false);
    expect(score.leaderboard[0]?.position).toMatch(/^T?1$/);
  });
});

import { describe, expect, it } from 'vitest';
import { playerDetailSchema, roundFieldSchema } from '../../shared/src/schemas/game';
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

  it('gives each player the same tournament total on the leaderboard, the draft list and his own page', async () => {
    const { leaderboard } = tournamentScoreSchema.parse((await api('GET', '/api/golf/schedule/score')).body);
    const field = roundFieldSchema.parse((await api('GET', '/api/golf/round/4/field')).body);
    const totals = new Map(leaderboard.map((row) => [row.player_id, row.total_to_par]));
    // Round 3 is being played: the totals include it, as the leaderboard does.
    const playing = leaderboard.find((row) => row.thru !== null && row.thru < 18)!;
    expect(playing).toBeDefined();
    for (const player of field.players)
      expect(player.tournament_to_par, player.player_id).toBe(totals.get(player.player_id));
    const detail = playerDetailSchema.parse((await api('GET', `/api/golf/player/${playing.player_id}`)).body);
    expect(detail.tournament_to_par).toBe(playing.total_to_par);
    const putting = new Set(field.players.map((player) => player.indicators.putting));
    expect(putting.size).toBeGreaterThan(20);
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

import { describe, expect, it } from 'vitest';
import { myScoreSchema, roundFieldSchema, roundViewSchema } from '../../shared/src/schemas/game';
import { scheduleSchema } from '../../shared/src/schemas/schedule';
import { roundScores } from './support/team-scores';
import { teamRepository } from '../../functions/src/db/repositories/team-repository';
import { createPlayer } from '../e2e/support/users';
import { api, tokenFor } from './support/api';

describe('sample season teams', () => {
  it('seeds teams and scores for the sample users in the current tournament, AI and carried teams labelled', async () => {
    const schedules = (await api<unknown[]>('GET', '/api/golf/master/schedule')).body.map((s) =>
      scheduleSchema.parse(s),
    );
    const current = schedules.find((s) => s.status === 'in_progress')!;
    const teams = await teamRepository.listRound(current.game_global_id, 2);
    expect(teams.length).toBeGreaterThan(100);
    expect(teams.some((t) => t.source === 'carry_over' && t.picks.every((p) => p.auto))).toBe(true);
    expect(teams.some((t) => t.source.startsWith('ai:') && t.picks.every((p) => p.auto))).toBe(true);
    const scores = await roundScores(current.game_global_id, 2);
    expect(scores).toHaveLength(teams.length);
    expect(scores.every((s) => s.kind === 'scored' && !s.provisional)).toBe(true);

    const userId = teams[0]!.user_id;
    const token = await tokenFor(userId);
    const mine = myScoreSchema.parse((await api('GET', '/api/golf/schedule/score/me', { token })).body);
    expect(mine.game_global_id).toBe(current.game_global_id);
    expect(mine.rounds[1]!.score).toEqual({
      kind: 'scored',
      score: scores.find((s) => s.user_id === userId)!.score,
      provisional: false,
    });
    const view = roundViewSchema.parse((await api('GET', '/api/golf/round/2', { token })).body);
    expect(view.team?.slots.filter(Boolean)).toHaveLength(4);
    // Sample players signed up before the season: none of their rounds is a late join.
    expect(mine.rounds.some((round) => round.late_join)).toBe(false);
  });

  it('a player who registers mid-tournament has the rounds closed before as 途中参加, still scored', async () => {
    const at = new Date().toISOString();
    const { token } = await createPlayer(`late-joiner-${Date.now()}`);
    const mine = myScoreSchema.parse((await api('GET', '/api/golf/schedule/score/me', { token })).body);
    const closed = mine.rounds.filter((round) => Date.parse(round.deadline_at) <= Date.parse(at));
    expect(closed.length).toBeGreaterThan(0);
    expect(mine.rounds.map((round) => round.late_join)).toEqual(
      mine.rounds.map((round) => closed.includes(round)),
    );
    for (const round of closed)
      if (round.score.kind === 'scored') expect(round.score.score).toBeGreaterThan(0);
  });

  it('eligibility: the current field for round 4 offers no player who missed the cut or withdrew', async () => {
    const field = roundFieldSchema.parse((await api('GET', '/api/golf/round/4/field')).body);
    expect(field.players.length).toBeGreaterThan(90);
    for (const player of field.players) expect(player.eligible).toBe(player.status === 'active');
    expect(field.players.some((p) => p.status === 'cut')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import type { MyScore, RoundView } from '@golf/shared/schemas/game';
import type { MyGuild } from '@golf/shared/schemas/guild';
import type { OwnRankingResponse } from '@golf/shared/schemas/ranking';
import { api, tokenFor } from './support/api';

/**
 * The sample player is complete: `player@example.com` (`sample-user-0001`) has, on first start, a team
 * in every round of the current tournament played so far, a live team for the round open for picks, a
 * guild, and quiz results, so a newcomer signing in with the documented log-in sees every screen with
 * something of their own.
 */
describe('the sample player is complete', () => {
  it('has a team in every played round of the current tournament and a live team for the open round', async () => {
    const token = await tokenFor('sample-user-0001');
    const score = await api<MyScore>('GET', '/api/golf/schedule/score/me', { token });
    expect(score.status).toBe(200);
    const played = score.body.rounds.filter((round) => Date.parse(round.deadline_at) <= Date.now());
    const open = score.body.rounds.find((round) => Date.parse(round.deadline_at) > Date.now());
    expect(played.length).toBeGreaterThan(0);
    for (const round of played) expect(round.has_team, `round ${round.round}`).toBe(true);
    expect(open, 'the current tournament has a round open for picks').toBeDefined();
    const view = await api<RoundView>('GET', `/api/golf/round/${open!.round}`, { token });
    expect(view.status).toBe(200);
    expect(view.body.team?.slots.filter(Boolean)).toHaveLength(4);
  });

  it('is a member of a guild, and has quiz results in the played rounds', async () => {
    const token = await tokenFor('sample-user-0001');
    const guild = await api<MyGuild>('GET', '/api/golf/guild/mine', { token });
    expect(guild.status).toBe(200);
    expect(guild.body.guild?.name).toBe('週末ゴルファー会');
    for (const round of [1, 2, 3]) {
      const quiz = await api<OwnRankingResponse>('GET', `/api/golf/ranking/user_quiz?round=${round}`, {
        token,
      });
      expect(quiz.status).toBe(200);
      expect(quiz.body.rankings.length, `quiz round ${round}`).toBeGreaterThan(0);
    }
  });
});

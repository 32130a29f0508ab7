/**
 * A forced deadline settles the round at once: the operator's answer comes once the round's teams
 * are settled, so no view shows a locked team still holding a withdrawn golfer until the next
 * carry-over run.
 */
import { describe, expect, it } from 'vitest';
import type { RoundView } from '../../shared/src/schemas/game';
import { teamRepository } from '../../functions/src/db/repositories/team-repository';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { nowMs } from '../../functions/src/lib/clock';
import { api, tokenFor } from './support/api';
import { gameFixture, team, writeFixture } from './support/game-fixtures';

describe('a forced deadline', () => {
  const fixture = gameFixture('forced-settle');
  const gid = fixture.id;
  // Player 12 withdrew in round 2: he cannot play round 3.
  const [p1, p2, p3] = fixture.playerIds as [string, string, string];
  const withdrawn = fixture.playerIds[11]!;

  it('replaces the withdrawn golfer and freezes the team before any view can show the unsettled team', async () => {
    await writeFixture(fixture, [team(gid, 3, 'forced-a', [p1, p2, p3, withdrawn])]);
    const moved = await api<{ teams_locked: number }>('POST', '/api/golf/ops/round/deadline', {
      token: await tokenFor('forced-operator', ['operators']),
      body: {
        game_global_id: gid,
        round: 3,
        deadline_at: new Date(nowMs() - 60_000).toISOString(),
        reason: '進行の都合',
        force: true,
      },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.teams_locked).toBe(1);

    // No carry-over job ran in between: the call itself settled the round.
    expect((await tournamentRepository.get(gid))?.rounds[2]?.settled_at).toBeDefined();
    const stored = (await teamRepository.listRound(gid, 3)).find((t) => t.user_id === 'forced-a')!;
    expect(stored.picks.map((pick) => pick.player_id)).not.toContain(withdrawn);
    expect(stored.picks.find((pick) => pick.slot === 4)?.auto).toBe(true);

    const view = await api<RoundView>('GET', `/api/golf/round/3?game_global_id=${gid}`, {
      token: await tokenFor('forced-a'),
    });
    expect(view.status).toBe(200);
    const shown = (view.body.team?.slots ?? []).map((slot) => slot?.player.player_id);
    expect(shown).toHaveLength(4);
    expect(shown).not.toContain(withdrawn);
    expect(shown.slice(0, 3)).toEqual([p1, p2, p3]);
  });

  it('the wrong way: a player cannot force a deadline, and an unforced past instant settles nothing', async () => {
    const other = gameFixture('forced-refused');
    await writeFixture(other, [
      team(other.id, 3, 'forced-b', [...other.playerIds.slice(0, 3), other.playerIds[11]!]),
    ]);
    const body = {
      game_global_id: other.id,
      round: 3,
      deadline_at: new Date(nowMs() - 60_000).toISOString(),
      reason: '進行の都合',
    };
    const player = await api('POST', '/api/golf/ops/round/deadline', {
      token: await tokenFor('forced-b'),
      body: { ...body, force: true },
    });
    expect(player.status).toBe(403);
    const unforced = await api('POST', '/api/golf/ops/round/deadline', {
      token: await tokenFor('forced-operator', ['operators']),
      body,
    });
    expect(unforced.status).toBe(409);
    const record = await tournamentRepository.get(other.id);
    expect(record?.rounds[2]?.settled_at).toBeUndefined();
    expect(record?.rounds[2]?.deadline_at).toBe(other.record.rounds[2]!.deadline_at);
    const stored = (await teamRepository.listRound(other.id, 3))[0]!;
    expect(stored.picks.map((pick) => pick.player_id)).toContain(other.playerIds[11]);
  });
});

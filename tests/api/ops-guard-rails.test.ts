/**
 * Guard rails in the operator API, shared by the console and the CLI: a round is not marked final
 * while its teams were never settled or teams went missing, and a draw short of winners says why
 * before anything is drawn.
 */
import { describe, expect, it } from 'vitest';
import { operatorActionResultSchema } from '../../shared/src/schemas/game';
import { prizeDrawResultSchema } from '../../shared/src/schemas/prize';
import { batchWriteAll } from '../../functions/src/db/batch-write';
import { prizeDrawRepository } from '../../functions/src/db/repositories/prize-draw-repository';
import { prizeItem } from '../../functions/src/db/repositories/prize-repository';
import { keys } from '../../functions/src/db/keys';
import { teamItem, teamRepository } from '../../functions/src/db/repositories/team-repository';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { runCarryOver } from '../../functions/src/domain/game/carry-over-service';
import { api, tokenFor } from './support/api';
import { finishedFixture, gameFixture, team, writeFixture } from './support/game-fixtures';

type ErrorBody = { code: string; message: string; errors?: Record<string, string[]> };
const operator = () => tokenFor('guard-operator', ['operators']);

describe('marking a round final', () => {
  const fixture = gameFixture('guard-final');
  const gid = fixture.id;
  // Round 2 has results (provisional) and two teams fewer than round 1; nobody settled it.
  fixture.record.rounds[1] = { ...fixture.record.rounds[1]!, results: 'provisional' };
  const [p1, p2, p3, p4] = fixture.playerIds as [string, string, string, string];

  it('refuses when the carry-over has not run; fewer teams than the round before is no check', async () => {
    await writeFixture(fixture, [
      team(gid, 1, 'guard-a', [p1, p2, p3, p4]),
      team(gid, 1, 'guard-b', [p1, p2, p3, p4]),
      team(gid, 1, 'guard-c', [p1, p2, p3, p4]),
      team(gid, 2, 'guard-a', [p1, p2, p3, p4]),
    ]);
    const body = { game_global_id: gid, round: 2 };
    const refused = await api<ErrorBody>('POST', '/api/golf/ops/round/final', {
      token: await operator(),
      body,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errors?.['checks']).toEqual([
      expect.stringContaining(
        '締め切りの引き継ぎ（前のラウンドのチームの繰り越しと自動の入れ替え）がまだ実行されていません',
      ),
    ]);
    expect((await tournamentRepository.get(gid))?.rounds[1]?.results).toBe('provisional');
    const player = await api('POST', '/api/golf/ops/round/final', { token: await tokenFor('guard-a'), body });
    expect(player.status).toBe(403);
  });

  it('with force it marks final and answers the checks it went past', async () => {
    const forced = await api('POST', '/api/golf/ops/round/final', {
      token: await operator(),
      body: { game_global_id: gid, round: 2, force: true },
    });
    expect(forced.status).toBe(200);
    const result = operatorActionResultSchema.parse(forced.body);
    expect(result.warnings).toHaveLength(1);
    expect((await tournamentRepository.get(gid))?.rounds[1]?.results).toBe('final');
  });

  it('a settled round with as many teams as the round before is marked final without a check', async () => {
    const settled = gameFixture('guard-final-ok');
    settled.record.rounds[1] = {
      ...settled.record.rounds[1]!,
      results: 'provisional',
      settled_at: settled.record.rounds[1]!.deadline_at,
    };
    await writeFixture(settled, [
      team(
        settled.id,
        1,
        'guard-a',
        [p1, p2, p3, p4].map((id) => id.replace(gid, settled.id)),
      ),
      team(
        settled.id,
        2,
        'guard-a',
        [p1, p2, p3, p4].map((id) => id.replace(gid, settled.id)),
      ),
    ]);
    const result = await api('POST', '/api/golf/ops/round/final', {
      token: await operator(),
      body: { game_global_id: settled.id, round: 2 },
    });
    expect(result.status).toBe(200);
    expect(operatorActionResultSchema.parse(result.body).warnings).toBeUndefined();
  });

  it('the 確定 check warns only when a round has fewer teams than the carry-over should give', async () => {
    // Round 1: four teams. Round 2: the saver's own; the copier's comes from the carry-over; the two
    // others turned the copy off and saved nothing, so they drop out. Each case has a tournament of
    // its own, so a ranking run that freezes a round's teams in between sees the teams as they end.
    const settledDrop = async (name: string) => {
      const drop = gameFixture(name);
      drop.record.rounds[1] = { ...drop.record.rounds[1]!, results: 'provisional' };
      const ids = [p1, p2, p3, p4].map((id) => id.replace(gid, drop.id));
      const users = ['saver', 'copier', 'out-1', 'out-2'].map((who) => `${name}-${who}`);
      await writeFixture(drop, [
        ...users.map((id) => team(drop.id, 1, id, ids)),
        team(drop.id, 2, users[0]!, ids),
      ]);
      await batchWriteAll([{ ...keys.userProfile(users[1]!), entity: 'user', is_copy_next_round: true }]);
      await runCarryOver({ now: new Date(), gameGlobalId: drop.id });
      const carried = await teamRepository.get(drop.id, 2, users[1]!);
      expect(carried?.source).toBe('carry_over');
      const markFinal = async () =>
        api<ErrorBody>('POST', '/api/golf/ops/round/final', {
          token: await operator(),
          body: { game_global_id: drop.id, round: 2 },
        });
      return { carried: carried!, markFinal };
    };

    // 2 teams after round 1's 4 is what the carry-over gives: no check.
    const kept = await settledDrop('guard-final-drop');
    const marked = await kept.markFinal();
    expect(marked.status).toBe(200);
    expect(operatorActionResultSchema.parse(marked.body).warnings).toBeUndefined();

    // The carried team went missing after the carry-over: the check says so.
    const lost = await settledDrop('guard-final-lost');
    await batchWriteAll([teamItem({ ...lost.carried, picks: [] })]);
    const refused = await lost.markFinal();
    expect(refused.status).toBe(409);
    expect(refused.body.errors?.['checks']).toEqual([
      expect.stringContaining('第2ラウンドのチームは1件で、締め切りの引き継ぎのあとの2件'),
    ]);
  });
});

describe('drawing prizes', () => {
  // A finished tournament with 2 entrants and a 100-winner entry prize.
  const fixture = finishedFixture('guard-draw');
  const gid = fixture.id;
  const [p1, p2, p3, p4, p5] = fixture.playerIds as [string, string, string, string, string];
  const prize = {
    id: `entry-${gid}`,
    kind: 'entry' as const,
    name: 'エントリー賞 テスト（100名様）',
    description: '',
    image_url: '',
    winners_count: 100,
    rank_from: null,
    rank_to: null,
    value_yen: 1000,
    game_global_id: gid,
    season_id: 2099,
    order: 999,
  };

  it('a draw short of winners says why per prize and draws nothing until accepted', async () => {
    await writeFixture(fixture, [
      team(gid, 1, 'draw-a', [p1, p2, p3, p4]),
      team(gid, 2, 'draw-a', [p1, p2, p3, p4]),
      team(gid, 1, 'draw-b', [p2, p3, p4, p5]),
    ]);
    await batchWriteAll([prizeItem(prize)]);
    const body = { game_global_id: gid };
    const refused = await api<ErrorBody>('POST', '/api/golf/ops/prizes/draw', {
      token: await operator(),
      body,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errors?.[prize.id]?.[0]).toContain(
      '対象は1人（いずれかのラウンドに参加したのは2人）のため、当選は1人で、賞品の100人に99人足りません。',
    );
    expect(await prizeDrawRepository.getPrizeDraw(prize.id)).toBeNull();

    const accepted = await api('POST', '/api/golf/ops/prizes/draw', {
      token: await operator(),
      body: { ...body, accept_fewer: true },
    });
    expect(accepted.status).toBe(200);
    const result = prizeDrawResultSchema.parse(accepted.body);
    expect(result.prizes).toEqual([
      expect.objectContaining({
        prize_id: prize.id,
        state: 'drawn',
        winners: 1,
        shortfall: expect.any(String),
      }),
    ]);
    expect((await prizeDrawRepository.getPrizeDraw(prize.id))?.winners).toEqual(['draw-a']);
  });
});

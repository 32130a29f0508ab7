/**
 * A live round: one public, CDN-cacheable call gives the field's state in the round, the projected
 * cut line from the tournament's cut rule and the published board's score distribution; nothing in
 * it is per player, and the board moves only when a snapshot is published.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { liveRoundSchema, type LiveRound } from '../../shared/src/schemas/live-round';
import { rankingPageResponseSchema } from '../../shared/src/schemas/ranking';
import { rankAmong } from '../../shared/src/game/ranking';
import { recomputeRankings } from '../../functions/src/domain/ranking/job/ranking-recompute';
import { api, tokenFor } from './support/api';
import { gameFixture, team, writeFixture } from './support/game-fixtures';

type TenPlayers = [string, string, string, string, string, string, string, string, string, string];

const fixture = gameFixture('test-live');
const gid = fixture.id;
const ids = fixture.playerIds as string[];
const [p1, p2, p3, p4, p5, p6, p7, p8, , p10] = ids as TenPlayers;
const hour = 3600 * 1000;
// Round 3 is under way: its deadline passed 6 hours ago, the feed has sent part of it.
const round3 = fixture.record.rounds[2]!;
round3.deadline_at = new Date(Date.now() - 6 * hour).toISOString();
round3.results = 'provisional';
// This tournament cuts after round 3 to the best 5 and ties.
fixture.record.cut = { after_round: 3, top: 5 };
const live = (toPar: number | null, thru: number) => ({
  strokes: thru === 18 && toPar !== null ? 72 + toPar : null,
  to_par: toPar,
  birdies: 0,
  eagles: 0,
  bogeys: 0,
  thru,
  completed: thru === 18,
});
// p1 finished at -4, p2 is 9 holes in at -2, p3 has not started, p10 was disqualified from round 3.
const round3Results: Record<string, ReturnType<typeof live>> = {
  [p1]: live(-4, 18),
  [p2]: live(-2, 9),
  [p4]: live(1, 18),
  [p5]: live(3, 14),
  [p6]: live(0, 18),
  [p7]: live(2, 18),
  [p8]: live(-1, 5),
};
for (const entry of fixture.field) entry.rounds[2] = round3Results[entry.player_id] ?? null;

let operator: string;
const get = (round: number, query = `?game_global_id=${gid}`) =>
  api<LiveRound>('GET', `/api/golf/round/${round}/live${query}`);

beforeAll(async () => {
  await writeFixture(fixture, [
    ...['live-ann', 'live-ben', 'live-cy'].flatMap((user, u) =>
      [1, 2, 3].map((round) => team(gid, round, user, ids.slice(u, u + 4))),
    ),
  ]);
  operator = await tokenFor('live-operator', ['operators']);
});

describe('the live round call', () => {
  it('answers visitors with a shared, CDN-cacheable answer', async () => {
    const result = await get(3);
    expect(result.status).toBe(200);
    const cache = result.headers.get('cache-control') ?? '';
    expect(cache).toContain('public');
    expect(cache).toMatch(/s-maxage=\d+/);
    // The same for a signed-in player: nothing in it depends on who asks.
    const signedIn = await api('GET', `/api/golf/round/3/live?game_global_id=${gid}`, {
      token: await tokenFor('live-ann'),
    });
    expect(signedIn.body).toEqual(result.body);
  });

  it('gives each player’s thru and to-par in the round, his position, and the projected cut line', async () => {
    const view = liveRoundSchema.parse((await get(3)).body);
    expect(view).toMatchObject({ round: 3, status: 'provisional', is_live: true });
    const byId = new Map(view.players.map((p) => [p.player_id, p]));
    expect(byId.get(p1)).toMatchObject({ thru: 18, to_par: -4, completed: true, status: 'active' });
    expect(byId.get(p2)).toMatchObject({ thru: 9, to_par: -2, completed: false });
    expect(byId.get(ids[2]!)).toMatchObject({ thru: null, to_par: null });
    expect(byId.get(p10)!.status).toBe('dq');
    // Totals over rounds 1-3: round 1 is index - 4, round 2 is 4 - index, round 3 as above.
    const totals = ids.slice(0, 9).map((id) => byId.get(id)!.total_to_par);
    expect(totals).toEqual([-4, -2, 0, 1, 3, 0, 2, -1, 0]);
    expect(byId.get(p1)!.position).toBe('1');
    expect(byId.get(p3)!.position).toMatch(/^T/);
    // Best 5 of 9 contenders: -4, -2, -1, 0, 0, 0 -> the line is E and 6 players are at or under it.
    expect(view.cut).toEqual({ after_round: 3, top: 5, projected: true, line_to_par: 0, inside: 6 });
    // Finished: -4, 1, 0, 2 -> the worst finished round is +2, the penalty +3.
    expect(view.penalty).toBe(3);
  });

  it('serves the round board from the published snapshot only', async () => {
    const before = liveRoundSchema.parse((await get(3)).body);
    expect(before.board).toMatchObject({ values: [], counts: [] });
    await recomputeRankings(gid, new Date());
    const published = liveRoundSchema.parse((await get(3)).body);
    expect(published.board.snapshot_id).not.toBeNull();
    expect(published.board.is_provisional).toBe(true);
    // The distribution is the board the ranking page serves: the same entries, ranks from the counts.
    const page = rankingPageResponseSchema.parse(
      (await api('GET', `/api/golf/ranking?game_global_id=${gid}&type=1&round=3&perPage=50`)).body,
    );
    expect(published.board.counts.reduce((a, b) => a + b, 0)).toBe(page.rankings.length);
    for (const row of page.rankings)
      expect(rankAmong(published.board, row.value, 'lower').rank).toBe(row.rank);

    // Newer results reach the field at once; the board waits for the next snapshot.
    const newer = await api('POST', '/api/golf/ops/results', {
      token: operator,
      body: {
        format: 'json',
        content: JSON.stringify({
          game_global_id: gid,
          results: [
            { round: 3, player_id: p2, strokes: 66, to_par: -6, thru: 18, status: 'active' },
            { round: 3, player_id: p3, strokes: null, to_par: 1, thru: 4, status: 'active' },
          ],
        }),
      },
    });
    expect(newer.status).toBe(200);
    const updated = liveRoundSchema.parse((await get(3)).body);
    const p2Now = updated.players.find((p) => p.player_id === p2)!;
    expect(p2Now).toMatchObject({ thru: 18, to_par: -6, completed: true });
    expect(updated.players.find((p) => p.player_id === p3)).toMatchObject({ thru: 4, to_par: 1 });
    expect(updated.cut!.line_to_par).toBe(0);
    expect(updated.players[0]!.player_id).toBe(p2);
    await recomputeRankings(gid, new Date());
    const republished = liveRoundSchema.parse((await get(3)).body);
    expect(republished.board.snapshot_id).not.toBe(published.board.snapshot_id);
  });

  it('is not live before a deadline, and has no cut once the cut round is past', async () => {
    const open = liveRoundSchema.parse((await get(4)).body);
    expect(open).toMatchObject({ status: 'scheduled', is_live: false, cut: null });
    const played = liveRoundSchema.parse((await get(2)).body);
    expect(played).toMatchObject({ status: 'final', is_live: false });
    expect(played.cut).toMatchObject({ after_round: 3, projected: true });
  });

  it('refuses a round out of range (422) and an unknown tournament (404)', async () => {
    const bad = await api<{ errors: Record<string, string[]> }>(
      'GET',
      `/api/golf/round/5/live?game_global_id=${gid}`,
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['round']);
    expect((await get(3, '?game_global_id=no-such-tournament')).status).toBe(404);
  });
});

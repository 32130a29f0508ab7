import { describe, expect, it, vi } from 'vitest';
import { batchWriteAll } from '../../functions/src/db/batch-write';
import { prizeItem } from '../../functions/src/db/repositories/prize-repository';
import { prizeDrawPreviewSchema, type PrizeDrawPreview } from '../../shared/src/schemas/ops';
import { previewPrizeDraw } from '../../functions/src/domain/ops/prize-draw-preview';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { teamItem, teamRepository } from '../../functions/src/db/repositories/team-repository';
import { decodeFrozenRound, frozenTeamsName } from '../../functions/src/domain/ranking/io/frozen-teams';
import { recomputeRankings } from '../../functions/src/domain/ranking/job/ranking-recompute';
import { readRankingInput } from '../../functions/src/lib/ranking-inputs';
import { rankingPageResponseSchema } from '../../shared/src/schemas/ranking';
import { api, tokenFor } from './support/api';
import { cancelLastRounds, gameFixture, team, writeFixture } from './support/game-fixtures';

const fixture = gameFixture('test-frozen-teams');
const { id, playerIds: p } = fixture;

/** Round 2's SCORE ranking as served: user ids by rank (each read with its own page size, past the cache). */
let reads = 0;
async function round2() {
  reads++;
  const result = await api(
    'GET',
    `/api/golf/ranking?game_global_id=${id}&round=2&type=1&perPage=${10 + reads}`,
  );
  return rankingPageResponseSchema
    .parse(result.body)
    .rankings.map((row) => [row.user_id, row.rank, row.value]);
}

/** The rounds whose team items are read for this tournament while `run` runs. */
async function teamReads(run: () => Promise<unknown>, game = id) {
  const listRound = vi.spyOn(teamRepository, 'listRound');
  try {
    await run();
    return listRound.mock.calls
      .filter(([gameId]) => gameId === game)
      .map(([, round]) => round)
      .sort();
  } finally {
    listRound.mockRestore();
  }
}

describe('frozen teams', () => {
  it('reads a settled round’s teams once; later runs score them from the frozen form and the field', async () => {
    // Rounds 1 and 2 are final (frozen); every user had p1-p4 in round 1 (-10).
    await writeFixture(fixture, [
      ...['frozen-a', 'frozen-b', 'frozen-c'].map((user) => team(id, 1, user, p.slice(0, 4))),
      team(id, 2, 'frozen-a', p.slice(0, 4)), // +4 +3 +2 +1 = +10
      team(id, 2, 'frozen-b', p.slice(4, 8)), // 0 -1 -2 -3 = -6
      team(id, 2, 'frozen-c', [p[0]!, p[1]!, p[4]!, p[5]!]), // +4 +3 0 -1 = +6
    ]);
    expect(await teamReads(() => recomputeRankings(id, new Date()))).toEqual([1, 2]);
    const stored = decodeFrozenRound((await readRankingInput(frozenTeamsName(id, 2)))!)!;
    expect(stored.users).toEqual(['frozen-a', 'frozen-b', 'frozen-c']);
    expect(stored.picks).toHaveLength(12);
    expect(await round2()).toEqual([
      ['frozen-b', 1, -16],
      ['frozen-c', 2, -4],
      ['frozen-a', 3, 0],
    ]);

    // A result changes after the freeze: p1 shot -20 in round 2. No team is read again.
    const first = fixture.field[0]!;
    const rounds = [...first.rounds] as typeof first.rounds;
    rounds[1] = { ...rounds[1]!, strokes: 52, to_par: -20 };
    await tournamentRepository.writeFieldEntries([{ ...first, rounds }]);
    expect(await teamReads(() => recomputeRankings(id, new Date()))).toEqual([]);
    expect(await round2()).toEqual([
      ['frozen-c', 1, -28],
      ['frozen-a', 2, -24],
      ['frozen-b', 3, -16],
    ]);

    // A team item written behind the game's back is not read: the round's teams are frozen.
    await batchWriteAll([teamItem(team(id, 2, 'frozen-b', p.slice(0, 4), { version: 2 }))]);
    expect(await teamReads(() => recomputeRankings(id, new Date()))).toEqual([]);
    expect((await round2())[2]).toEqual(['frozen-b', 3, -16]);

    // The one way teams change after a deadline, a settlement (carry-over, AUTO replacements after a
    // moved deadline), stamps the round again: the next run reads that round's teams once more.
    await tournamentRepository.markRoundSettled(id, 2, new Date().toISOString());
    expect(await teamReads(() => recomputeRankings(id, new Date()))).toEqual([2]);
    expect(await round2()).toEqual([
      ['frozen-c', 1, -28],
      ['frozen-a', 2, -24],
      ['frozen-b', 2, -24],
    ]);
    expect(await teamReads(() => recomputeRankings(id, new Date()))).toEqual([]);
  });
});

describe('the prize draw', () => {
  it('reads the played rounds’ frozen teams, their save times with them, and no team item', async () => {
    // Rounds 1 and 2 final, 3 and 4 cancelled: the tournament is over. Two players' teams are the
    // same in both rounds (the same score and tie-break stats): the earlier save wins first place,
    // before the lottery, so the preview names it.
    const draw = gameFixture('test-frozen-draw');
    const players = draw.playerIds.slice(0, 4);
    await writeFixture(draw, [
      ...[1, 2].flatMap((round) => [
        team(draw.id, round, 'draw-late', players, { last_saved_at: '2026-01-02T09:00:00.123Z' }),
        team(draw.id, round, 'draw-early', players, { last_saved_at: '2026-01-02T08:59:59.999Z' }),
      ]),
    ]);
    await cancelLastRounds(draw.id);
    await batchWriteAll([
      prizeItem({
        id: 'test-frozen-draw-first',
        kind: 'game',
        name: '優勝賞品',
        description: 'テスト',
        image_url: '/prizes/test.png',
        value_yen: 1000,
        winners_count: 1,
        rank_from: 1,
        rank_to: 1,
        game_global_id: draw.id,
        season_id: 2099,
        order: 99,
      }),
    ]);
    const winners = (preview: PrizeDrawPreview) =>
      preview.prizes.map((prize) => prize.winners.map((w) => w.user_id));
    const preview = async () => winners(await previewPrizeDraw({ gameGlobalId: draw.id, now: new Date() }));
    // Before the ranking job has kept the rounds, the draw reads their teams from the table.
    let fromTable: string[][] = [];
    expect(await teamReads(async () => (fromTable = await preview()), draw.id)).toEqual([1, 2]);
    expect(fromTable).toEqual([['draw-early']]);
    await recomputeRankings(draw.id, new Date());
    let fromFrozen: string[][] = [];
    expect(await teamReads(async () => (fromFrozen = await preview()), draw.id)).toEqual([]);
    // The operators' route reads the frozen objects under its own access declaration.
    const result = await api('GET', `/api/golf/ops/prizes/draw/preview?game_global_id=${draw.id}`, {
      token: await tokenFor('frozen-draw-operator', ['operators']),
    });
    expect(result.status).toBe(200);
    expect(winners(prizeDrawPreviewSchema.parse(result.body))).toEqual(fromTable);
    expect(fromFrozen).toEqual(fromTable);
  });
});

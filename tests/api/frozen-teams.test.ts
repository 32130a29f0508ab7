import { describe, expect, it, vi } from 'vitest';
import { batchWriteAll } from '../../functions/src/db/batch-write';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { teamItem, teamRepository } from '../../functions/src/db/repositories/team-repository';
import { decodeFrozenRound, frozenTeamsName } from '../../functions/src/domain/ranking/frozen-teams';
import { recomputeRankings } from '../../functions/src/domain/ranking/ranking-recompute';
import { readRankingInput } from '../../functions/src/lib/ranking-inputs';
import { rankingPageResponseSchema } from '../../shared/src/schemas/ranking';
import { api } from './support/api';
import { gameFixture, team, writeFixture } from './support/game-fixtures';

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
async function teamReads(run: () => Promise<unknown>) {
  const listRound = vi.spyOn(teamRepository, 'listRound');
  try {
    await run();
    return listRound.mock.calls
      .filter(([gameId]) => gameId === id)
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

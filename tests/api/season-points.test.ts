import { describe, expect, it, vi } from 'vitest';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { recomputeRankings } from '../../functions/src/domain/ranking/job/ranking-recompute';
import { decodeSeasonPoints, seasonPointsName } from '../../functions/src/domain/ranking/io/season-points';
import { readRankingInput, writeRankingInput } from '../../functions/src/lib/ranking-inputs';
import { formatYearlyPoints } from '../../shared/src/game/yearly-points';
import { rankingRepository } from '../../functions/src/db/repositories/ranking-pages/ranking-repository';
import { YEARLY_SCOPE } from '../../functions/src/domain/ranking/rules/ranking-scope';
import { gameFixture, team, writeFixture } from './support/game-fixtures';

/**
 * A season of its own: a finished tournament, then one in play. Test tournaments stay unlisted (out
 * of the schedule the other tests read), so the runs here are shown them as the season's listing.
 */
const SEASON = 3001;
function inSeason(id: string, finished: boolean) {
  const fixture = gameFixture(id);
  const rounds = fixture.record.rounds.map((r) =>
    finished && r.round >= 3 ? { ...r, cancelled: true } : r,
  ) as typeof fixture.record.rounds;
  return { ...fixture, record: { ...fixture.record, season_id: SEASON, rounds } };
}
const done = inSeason('test-season-points-done', true);
const live = inSeason('test-season-points-live', false);
const users = ['season-a', 'season-b', 'season-c'];

/** The tournaments a run of the live one scores (reads the record of, to score its rounds). */
async function scored() {
  const list = vi.spyOn(tournamentRepository, 'list').mockResolvedValue([done.record, live.record]);
  const get = vi.spyOn(tournamentRepository, 'get');
  try {
    await recomputeRankings(live.id, new Date());
    return [...new Set(get.mock.calls.map(([gameId]) => gameId))].sort();
  } finally {
    list.mockRestore();
    get.mockRestore();
  }
}

/** The yearly board of the live tournament's served snapshot: [user, points] by rank. */
async function yearly() {
  const pointer = (await rankingRepository.getPointer(live.id))!;
  const scope = pointer.scopes[String(YEARLY_SCOPE)]!;
  const rows = await rankingRepository.readPages(
    scope.snapshot_id ?? pointer.snapshot_id,
    YEARLY_SCOPE,
    'YEARLY',
    1,
    1,
    formatYearlyPoints,
  );
  return rows.map((row) => [row.user_id, row.value]);
}

describe("the season's other tournaments' points, kept between runs", () => {
  it('scores a finished tournament once, then adds its kept points, until an operator changes it', async () => {
    const p = done.playerIds;
    await writeFixture(done, [
      team(done.id, 1, 'season-a', p.slice(0, 4)),
      team(done.id, 1, 'season-b', p.slice(4, 8)),
      team(done.id, 2, 'season-a', p.slice(0, 4)),
      team(done.id, 2, 'season-b', p.slice(4, 8)),
    ]);
    await writeFixture(live, [
      team(
        live.id,
        1,
        'season-b',
        p.slice(0, 4).map((id) => id.replace(done.id, live.id)),
      ),
      team(
        live.id,
        1,
        'season-c',
        p.slice(4, 8).map((id) => id.replace(done.id, live.id)),
      ),
    ]);

    // The first run scores both; the finished one's points are kept for the next runs.
    expect(await scored()).toEqual([done.id, live.id]);
    const first = await yearly();
    expect(first.map(([user]) => user).sort()).toEqual(users);
    const kept = decodeSeasonPoints((await readRankingInput(seasonPointsName(SEASON, live.id)))!)!;
    expect(kept.users).toEqual(['season-a', 'season-b']);
    // season-a played only the finished one: its yearly points are that tournament's alone.
    expect(kept.points[0]).toBe(first.find(([user]) => user === 'season-a')![1]);

    // The next run scores only the tournament in play, and serves the same board.
    expect(await scored()).toEqual([live.id]);
    expect(await yearly()).toEqual(first);

    // A correction to the finished tournament's results: its points are scored again, then kept anew.
    const entry = done.field[0]!;
    await tournamentRepository.writeFieldEntries([
      { ...entry, rounds: [{ ...entry.rounds[0]!, to_par: 20, strokes: 92 }, ...entry.rounds.slice(1)] },
    ]);
    expect(await scored()).toEqual([done.id, live.id]);
    const corrected = await yearly();
    expect(corrected).not.toEqual(first);
    expect(await scored()).toEqual([live.id]);
    expect(await yearly()).toEqual(corrected);

    // A kept object that cannot be read is made again, not failed on.
    await writeRankingInput(seasonPointsName(SEASON, live.id), Buffer.from('cut short'), 'application/gzip');
    expect(await scored()).toEqual([done.id, live.id]);
    expect(await yearly()).toEqual(corrected);
    expect(await scored()).toEqual([live.id]);
  });
});

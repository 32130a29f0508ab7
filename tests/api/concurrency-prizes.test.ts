/**
 * Prize operations run two at once, 20 trials a pair, each trial on a tournament of its own: a draw
 * beside a draw, a draw beside a retire, a redraw beside a claim, a save beside a save. After each
 * trial, whatever the order the two met in: no prize has more winners than it offers (as players
 * see them on their page), players' pages, the public winners list and the winners export name the
 * same winners, every claim is in the export, no prize is both retired and drawn, no two offered
 * rank prizes overlap, and every answer was a success or a clean refusal (never a 500).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, type ApiResult } from './support/api';
import {
  claim,
  draw,
  exportedWinners,
  overlappingRanks,
  playerToken,
  prizeState,
  prizeTournament,
  publicWinners,
  retire,
  runId,
  saveRankPrize,
  stagedTournament,
  trials,
  winnerPages,
  warmPrizeRoutes,
  type ErrorBody,
} from './support/prize-fixtures';

/** Twenty trials of a pair take 10-30 s on a quiet machine; a loaded one gets four times that. */
const RACE_TIMEOUT_MS = 120_000;

const TRIALS = 20;
/** 20 trials of a pair take a few seconds; a slow machine shared with other work may take more. */
const PAIR_TIMEOUT = 90_000;

/** The pair's 20 trials at once, each on a tournament of its own. */
const pairTrials = (pair: string, trial: (gid: string, index: number) => Promise<void>) =>
  trials(TRIALS, (index) => trial(`conc-${pair}-${runId}-${index}`, index));

/** A success, or a refusal with its code and a Japanese message: never a 500. */
function expectClean(answer: ApiResult<ErrorBody>, successes: readonly number[], refusals = [409]) {
  expect([...successes, ...refusals]).toContain(answer.status);
  if (refusals.includes(answer.status)) expect(answer.body.message).toMatch(/[ぁ-んァ-ン一-龥]/);
}

/** A tournament of its own with 4 entrants and an entry prize of 2 winners. */
const tournament = (gid: string, options: { firstPlace?: boolean } = {}) =>
  prizeTournament(gid, { entrants: 4, winners: 2, ...options });

/**
 * Players' pages, the public list and the export name the same winners, no more than the prize
 * offers, and every claim a page shows is in the export.
 */
async function expectOneStoryOfWinners(
  t: Awaited<ReturnType<typeof prizeTournament>>,
  options: { exported?: boolean } = {},
) {
  const pages = await winnerPages(t.entry.id, t.users);
  const shown = [...pages.keys()].sort();
  expect(shown.length).toBeLessThanOrEqual(t.entry.winners_count);
  expect([...((await publicWinners(t.gid)).get(t.entry.id) ?? [])].sort()).toEqual(shown);
  if (options.exported === false) return { shown, rows: [] };
  const rows = (await exportedWinners(t.gid)).filter((row) => row.prize_id === t.entry.id);
  expect(rows.map((row) => row.user_id).sort()).toEqual(shown);
  for (const [user, claimed] of pages)
    if (claimed)
      expect(rows).toContainEqual({ prize_id: t.entry.id, user_id: user, claim_email: claimed.email });
  return { shown, rows };
}

describe('prize operations two at once', { timeout: RACE_TIMEOUT_MS }, () => {
  beforeAll(warmPrizeRoutes);

  it(
    'draw beside draw: one draw, the other refused or told it is done',
    async () => {
      await pairTrials('draws', async (gid) => {
        const t = await tournament(gid);
        const answers = await Promise.all([draw(gid), draw(gid)]);
        for (const answer of answers) expectClean(answer, [200]);
        expect(answers.filter((a) => a.status === 200 && !a.body.already_done)).toHaveLength(1);
        expect((await expectOneStoryOfWinners(t)).shown).toHaveLength(t.entry.winners_count);
      });
    },
    PAIR_TIMEOUT,
  );

  it(
    'draw beside retire: never a prize both retired and drawn',
    async () => {
      await pairTrials('retire', async (gid) => {
        // With a first place, the tournament still has a prize to draw when the entry prize is retired.
        const t = await tournament(gid, { firstPlace: true });
        const [drawn, retired] = await Promise.all([draw(gid), retire(t.entry.id)]);
        expectClean(drawn, [200]);
        expectClean(retired, [200]);
        const state = await prizeState(gid, t.entry.id);
        expect(state.retired && state.drawn).toBe(false);
        const { shown } = await expectOneStoryOfWinners(t, { exported: !state.retired });
        if (state.retired) expect(shown).toEqual([]);
      });
    },
    PAIR_TIMEOUT,
  );

  it(
    'redraw beside claim: a claim answered 201 is never wiped, and is in the export',
    async () => {
      await pairTrials('claim', async (gid, index) => {
        const t = await tournament(gid);
        expect((await draw(gid)).status).toBe(200);
        const winner = (await publicWinners(gid)).get(t.entry.id)![0]!;
        const email = `conc-${index}@example.com`;
        // Some claims after the confirm step, so that the two meet at different stages.
        const claiming = (async () => {
          for (let step = 0; step < index % 3; step++)
            await api('POST', '/api/golf/user_golf_game_prize/confirm', {
              token: await playerToken(winner),
              body: { id: t.entry.id, email, email_confirmation: email },
            });
          return claim(winner, t.entry.id, email);
        })();
        const [redrawn, claimed] = await Promise.all([draw(gid, { redraw: true }), claiming]);
        expectClean(redrawn, [200]);
        expectClean(claimed, [201], [404, 409]);
        const { rows } = await expectOneStoryOfWinners(t);
        if (claimed.status === 201)
          expect(rows).toContainEqual({ prize_id: t.entry.id, user_id: winner, claim_email: email });
      });
    },
    PAIR_TIMEOUT,
  );

  it(
    'save beside save: overlapping ranks are never both stored',
    async () => {
      await pairTrials('ranks', async (gid) => {
        await stagedTournament(gid);
        const answers = await Promise.all([saveRankPrize(gid, 30, 35), saveRankPrize(gid, 33, 33)]);
        // The second is refused: its ranks overlap the first's (422), or the first came in between (409).
        for (const answer of answers) expectClean(answer, [200], [409, 422]);
        expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
        expect(await overlappingRanks(gid)).toEqual([]);
      });
    },
    PAIR_TIMEOUT,
  );
});

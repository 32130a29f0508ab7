/**
 * The prize lottery's seed is committed before the results and joined with them at the draw
 * (docs/adr/0014-committed-lottery-seed.md): no operator input moves the winners, and a player
 * re-derives them from the public answers alone.
 */
import { describe, expect, it } from 'vitest';
import { drawCommitment, drawSeed, resultsDigest } from '../../shared/src/game/draw-seed';
import { checkDraw } from '../../shared/src/game/draw-check';
import { drawLottery, lotteryOrder } from '../../shared/src/game/lottery';
import {
  drawVerificationSchema,
  prizeWinnersSchema,
  type DrawVerification,
  type PrizeWinners,
} from '../../shared/src/schemas/prize';
import { prizeDrawPreviewSchema } from '../../shared/src/schemas/ops';
import { tournamentScoreSchema } from '../../shared/src/schemas/schedule';
import { verifyPublishedDraw } from '../../scripts/verify-draw';
import { api, baseUrl, tokenFor } from './support/api';
import { finishedFixture, team, writeFixture } from './support/game-fixtures';

const operator = () => tokenFor('lottery-operator', ['operators']);

/**
 * A finished tournament where 24 users entered both rounds and 6 only the first, every team the same
 * (so the 24 tie through every tie-break before the lottery, and the rank prize goes by it too), with an
 * entry prize of 5 winners and a rank prize for places 1 to 3, saved as operators save them.
 */
async function finishedWithPrizes(id: string) {
  const fixture = finishedFixture(id);
  const picks = fixture.playerIds.slice(0, 4);
  const users = Array.from({ length: 30 }, (_, i) => `${id}-u${String(i).padStart(2, '0')}`);
  await writeFixture(fixture, [
    ...users.map((user) => team(id, 1, user, picks)),
    ...users.slice(0, 24).map((user) => team(id, 2, user, picks)),
  ]);
  const token = await operator();
  const save = (body: Record<string, unknown>) =>
    api('POST', '/api/golf/ops/prizes', {
      token,
      body: { game_global_id: id, description: '', value_yen: 1000, ...body },
    });
  expect((await save({ kind: 'entry', name: 'エントリー賞（5名様）', winners_count: 5 })).status).toBe(200);
  expect((await save({ kind: 'game', name: '上位賞（3名様）', rank_from: 1, rank_to: 3 })).status).toBe(200);
  return { id, token, everyRound: users.slice(0, 24) };
}

const winnersOf = async (id: string) =>
  prizeWinnersSchema.parse((await api('GET', `/api/golf/prizes/winners?game_global_id=${id}`)).body);

/** Each prize's winners (user ids) and seed, as everyone reads them. */
const drawn = (answer: PrizeWinners) =>
  answer.prizes.map(({ prize, seed, winners }) => ({
    id: prize.id,
    seed,
    winners: winners.map((w) => w.user_id),
  }));

describe('the lottery seed', () => {
  it("an operator cannot choose the lottery's winners by trying seeds", async () => {
    const { id, token } = await finishedWithPrizes('lottery-steer');
    const before = await winnersOf(id);
    // Committed with the prizes, its secret kept back until the draw.
    expect(before.draw_commitments).toEqual([
      expect.objectContaining({ commitment: expect.stringMatching(/^[0-9a-f]{64}$/), secret: null }),
    ]);

    // Previews with any seed: refused, or all alike and naming no lottery winner.
    const previews = new Set<string>();
    for (let i = 0; i < 15; i++) {
      const answer = await api(
        'GET',
        `/api/golf/ops/prizes/draw/preview?game_global_id=${id}&seed=try-${i}`,
        {
          token,
        },
      );
      if (answer.status === 422) continue;
      expect(answer.status).toBe(200);
      const preview = prizeDrawPreviewSchema.parse(answer.body);
      previews.add(JSON.stringify(preview.prizes.map((prize) => prize.winners)));
    }
    expect(previews.size).toBeLessThanOrEqual(1);
    const preview = prizeDrawPreviewSchema.parse(
      (await api('GET', `/api/golf/ops/prizes/draw/preview?game_global_id=${id}`, { token })).body,
    );
    expect(
      preview.prizes.map(({ winners, lottery_places, entrants }) => ({ winners, lottery_places, entrants })),
    ).toEqual([
      { winners: [], lottery_places: 3, entrants: 30 },
      { winners: [], lottery_places: 5, entrants: 24 },
    ]);

    // Neither re-creating a prize nor saving another replaces the commitment.
    const retire = (retired: boolean) =>
      api('POST', '/api/golf/ops/prizes/retire', { token, body: { prize_id: `entry-${id}`, retired } });
    expect((await retire(true)).status).toBe(200);
    expect((await retire(false)).status).toBe(200);
    expect((await winnersOf(id)).draw_commitments).toEqual(before.draw_commitments);

    // The draw: a seed sent with it is refused or has no effect, and so on every redraw.
    const draw = async (body: Record<string, unknown>) => {
      const answer = await api('POST', '/api/golf/ops/prizes/draw', {
        token,
        body: { game_global_id: id, ...body },
      });
      if (answer.status === 422) return null;
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return drawn(await winnersOf(id));
    };
    const first = (await draw({ seed: 'pick-me' })) ?? (await draw({}))!;
    expect(first.every((prize) => prize.winners.length > 0)).toBe(true);
    for (let i = 0; i < 15; i++) {
      const again = await draw({ seed: `redraw-${i}`, redraw: true });
      if (again) expect(again).toEqual(first);
    }
    expect(await draw({ redraw: true })).toEqual(first);
    // Some 30 previews and draws over the table's teams: more than the default 30 s on a busy machine.
  }, 120_000);

  it("a lottery's winners can be re-derived by a player from published values alone", async () => {
    const { id, token, everyRound } = await finishedWithPrizes('lottery-check');
    const committed = (await winnersOf(id)).draw_commitments;
    expect(
      (await api('POST', '/api/golf/ops/prizes/draw', { token, body: { game_global_id: id } })).status,
    ).toBe(200);

    // An anonymous visitor reads three public answers, nothing else.
    const winners = await winnersOf(id);
    const verification = drawVerificationSchema.parse(
      (await api('GET', `/api/golf/prizes/verification?game_global_id=${id}`)).body,
    );
    const { leaderboard } = tournamentScoreSchema.parse(
      (await api('GET', `/api/golf/schedule/score?game_global_id=${id}`)).body,
    );

    // The secret published after the draw is the one committed before it.
    expect(winners.draw_commitments).toHaveLength(2);
    const { commitment, secret } = winners.draw_commitments[0]!;
    expect(commitment).toBe(committed[0]!.commitment);
    if (secret === null) throw new Error('the secret was not published with the draw');
    // The next secret is committed in its place, for a draw over corrected results.
    expect(winners.draw_commitments[1]!.secret).toBeNull();
    expect(drawCommitment(secret)).toBe(commitment);
    // The seed: the secret joined with the digest of the public leaderboard.
    const seed = drawSeed(secret, resultsDigest(id, leaderboard));
    expect(winners.prizes.map((prize) => prize.seed)).toEqual([seed, seed]);
    expect(verification.draws).toEqual([expect.objectContaining({ seed, secret_index: 0 })]);

    // The entry prize: the lottery re-run over the published entrants (user ids only).
    expect(verification.entrants).toEqual({ total: 24, page: 1, pages: 1, user_ids: [...everyRound].sort() });
    const entry = winners.prizes.find((prize) => prize.prize.kind === 'entry')!;
    expect(drawLottery(seed, entry.prize.id, verification.entrants.user_ids, 5)).toEqual(
      entry.winners.map((winner) => winner.user_id),
    );
    // The rank prize: the 24 with both rounds tie through every tie-break before the lottery, which orders them.
    const rank = winners.prizes.find((prize) => prize.prize.kind === 'game')!;
    const ties = verification.prizes.find((prize) => prize.prize_id === rank.prize.id)!.ties;
    expect(ties).toEqual([{ first_place: 1, user_ids: [...everyRound].sort() }]);
    expect(lotteryOrder(seed, rank.prize.id, ties[0]!.user_ids).slice(0, 3)).toEqual(
      rank.winners.map((winner) => winner.user_id),
    );

    // The verification script's core says the same, and catches a winner changed behind the draw.
    const result = await verifyPublishedDraw(baseUrl, id);
    expect(result.checks.filter((check) => !check.ok)).toEqual([]);
    expect(result.ok).toBe(true);
    const tampered: DrawVerification = {
      ...verification,
      prizes: verification.prizes.map((prize) =>
        prize.kind === 'entry'
          ? {
              ...prize,
              winners: [everyRound.find((u) => !prize.winners.includes(u))!, ...prize.winners.slice(1)],
            }
          : prize,
      ),
    };
    expect(checkDraw(tampered, leaderboard).ok).toBe(false);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { lotteryOrder } from '../../shared/src/game/lottery';
import { drawSeed } from '../../shared/src/game/draw-seed';
import { drawSeedRepository } from '../../functions/src/db/repositories/draw-seed-repository';
import {
  prizeDrawResultSchema,
  prizeWinnersSchema,
  wonPrizeListSchema,
} from '../../shared/src/schemas/prize';
import { prizeDrawRepository } from '../../functions/src/db/repositories/prize-draw-repository';
import { prizeRepository } from '../../functions/src/db/repositories/prize-repository';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { roundScores } from './support/team-scores';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/src/db/client';
import { keys } from '../../functions/src/db/keys';
import { api, tokenFor } from './support/api';
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
  usersShownAsWinners,
  warmPrizeRoutes,
} from './support/prize-fixtures';

type ErrorBody = { code: string; message: string; errors?: Record<string, string[]> };

const finished = async () => {
  const all = await tournamentRepository.list();
  return all.filter((t) => !t.cancelled && t.rounds.every((r) => r.cancelled || r.results === 'final'));
};

describe('sample prize draws', () => {
  it('drew every finished tournament: rank prizes by position, entry prizes by the committed seed', async () => {
    const [tournament] = await finished();
    const prizes = (await prizeRepository.listByKind('entry')).filter(
      (p) => p.game_global_id === tournament!.game_global_id,
    );
    const draw = await prizeDrawRepository.getPrizeDraw(prizes[0]!.id);
    const seeds = (await drawSeedRepository.get(tournament!.game_global_id))!;
    expect(draw?.seed).toBe(
      drawSeed(seeds.secrets[0]!.secret, seeds.draws.find((d) => d.seed === draw?.seed)!.results_digest),
    );
    const played = tournament!.rounds.filter((r) => !r.cancelled).map((r) => r.round);
    const perRound = await Promise.all(
      played.map(
        async (round) =>
          new Set((await roundScores(tournament!.game_global_id, round)).map((s) => s.user_id)),
      ),
    );
    const everyRound = [...perRound[0]!].filter((user) => perRound.every((set) => set.has(user)));
    expect(draw?.winners).toEqual(
      lotteryOrder(draw!.seed, prizes[0]!.id, everyRound).slice(0, prizes[0]!.winners_count),
    );

    const first = (await prizeRepository.listByKind('game')).find(
      (p) => p.game_global_id === tournament!.game_global_id && p.rank_from === 1,
    );
    expect((await prizeDrawRepository.getPrizeDraw(first!.id))?.winners).toHaveLength(1);
  });
});

describe("a finished tournament's winners, for everyone", () => {
  it('lists every prize of the tournament with its winners, places, nicknames and seed, and no claim', async () => {
    const [tournament] = await finished();
    const id = tournament!.game_global_id;
    const answer = await api('GET', `/api/golf/prizes/winners?game_global_id=${encodeURIComponent(id)}`);
    expect(answer.status).toBe(200);
    const listed = prizeWinnersSchema.parse(answer.body);
    const prizes = [
      ...(await prizeRepository.listByKind('game')),
      ...(await prizeRepository.listByKind('entry')),
    ].filter((p) => p.game_global_id === id);
    expect(listed.prizes.map((p) => p.prize.id)).toEqual(prizes.map((p) => p.id));
    for (const { prize, winners, seed, drawn_at } of listed.prizes) {
      const draw = (await prizeDrawRepository.getPrizeDraw(prize.id))!;
      expect({ seed, drawn_at }).toEqual({ seed: draw.seed, drawn_at: draw.drawn_at });
      expect(winners.map((w) => w.user_id)).toEqual(draw.winners);
      expect(winners.map((w) => w.place)).toEqual(
        draw.winners.map((_, i) => (prize.rank_from === null ? null : prize.rank_from + i)),
      );
      for (const winner of winners) expect(winner.nickname).not.toBe('');
    }
    expect(listed.prizes.some((p) => p.winners.length > 0)).toBe(true);
    // Nicknames only: never where a winner asked the prize to be sent.
    expect(JSON.stringify(answer.body)).not.toMatch(/claim|email|@example/);
  });

  it('lists the prizes of a tournament not drawn yet without winners, and refuses a bad or unknown tournament', async () => {
    const current = (await tournamentRepository.list()).find((t) =>
      t.rounds.some((r) => r.results !== 'final' && !r.cancelled),
    )!;
    const open = prizeWinnersSchema.parse(
      (
        await api(
          'GET',
          `/api/golf/prizes/winners?game_global_id=${encodeURIComponent(current.game_global_id)}`,
        )
      ).body,
    );
    expect(open.prizes.every((p) => p.winners.length === 0 && p.drawn_at === null && p.seed === null)).toBe(
      true,
    );
    expect((await api('GET', '/api/golf/prizes/winners?game_global_id=nope')).status).toBe(404);
    const missing = await api<ErrorBody>('GET', '/api/golf/prizes/winners');
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.['game_global_id']).toBeDefined();
  });
});

describe('prize claims', () => {
  it('lists a winner their prizes and takes one claim, mailed, then refuses another', async () => {
    const [tournament] = await finished();
    const prize = (await prizeRepository.listByKind('entry')).find(
      (p) => p.game_global_id === tournament!.game_global_id,
    )!;
    const winner = (await prizeDrawRepository.getPrizeDraw(prize.id))!.winners[0]!;
    const token = await tokenFor(winner);

    const list = wonPrizeListSchema.parse(
      (await api('GET', '/api/golf/user_golf_game_prize', { token })).body,
    );
    expect(list.prizes.map((p) => p.prize.id)).toContain(prize.id);
    const listed = list.prizes.find((p) => p.prize.id === prize.id)!;
    expect(listed.tournament_name).toBe(tournament!.tournament_name);
    expect(Date.parse(listed.claim_deadline_at) - Date.parse(listed.won_at)).toBe(30 * 86_400_000);

    const body = { id: prize.id, email: 'winner@example.com', email_confirmation: 'winner@example.com' };
    const confirmed = await api('POST', '/api/golf/user_golf_game_prize/confirm', { body, token });
    expect(confirmed.status).toBe(200);
    expect((await prizeDrawRepository.getPrizeWin(winner, prize.id))?.claimed_at).toBeNull();

    const claimed = await api<{ claimed_at: string }>('POST', '/api/golf/user_golf_game_prize', {
      body,
      token,
    });
    expect(claimed.status).toBe(201);
    expect((await prizeDrawRepository.getPrizeWin(winner, prize.id))?.claim_email).toBe('winner@example.com');
    const outbox = await api<Array<{ to: string; subject: string }>>('GET', '/api/dev/outbox');
    expect(JSON.stringify(outbox.body)).toContain('winner@example.com');

    const again = await api<ErrorBody>('POST', '/api/golf/user_golf_game_prize', {
      body: { ...body, email: 'other@example.com', email_confirmation: 'other@example.com' },
      token,
    });
    expect(again.status).toBe(409);
    expect((await prizeDrawRepository.getPrizeWin(winner, prize.id))?.claim_email).toBe('winner@example.com');
  });

  it('refuses a claim after its deadline, 30 days from the draw', async () => {
    const [tournament] = await finished();
    const prize = (await prizeRepository.listByKind('entry')).find(
      (p) => p.game_global_id === tournament!.game_global_id,
    )!;
    const late = (await prizeDrawRepository.getPrizeDraw(prize.id))!.winners[1]!;
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.prizeWin(late, prize.id),
        UpdateExpression: 'SET won_at = :at',
        ExpressionAttributeValues: { ':at': new Date(Date.now() - 31 * 86_400_000).toISOString() },
      }),
    );
    const token = await tokenFor(late);
    const body = { id: prize.id, email: 'late@example.com', email_confirmation: 'late@example.com' };
    for (const path of ['/api/golf/user_golf_game_prize/confirm', '/api/golf/user_golf_game_prize']) {
      const refused = await api<ErrorBody>('POST', path, { body, token });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/^受け取り手続きの期限（.+）を過ぎています。$/);
    }
    expect((await prizeDrawRepository.getPrizeWin(late, prize.id))?.claimed_at).toBeNull();
  });

  it("refuses another user's prize, mismatched or malformed e-mails, and visitors", async () => {
    const [tournament] = await finished();
    const prize = (await prizeRepository.listByKind('game')).find(
      (p) => p.game_global_id === tournament!.game_global_id,
    )!;
    const winners = (await prizeDrawRepository.getPrizeDraw(prize.id))!.winners;
    const stranger = await tokenFor('prize-stranger');
    const body = { id: prize.id, email: 'x@example.com', email_confirmation: 'x@example.com' };

    for (const path of ['/api/golf/user_golf_game_prize/confirm', '/api/golf/user_golf_game_prize']) {
      expect((await api('POST', path, { body })).status).toBe(401);
      expect((await api<ErrorBody>('POST', path, { body, token: stranger })).status).toBe(404);
    }
    const token = await tokenFor(winners[0]!);
    const mismatch = await api<ErrorBody>('POST', '/api/golf/user_golf_game_prize', {
      body: { ...body, email_confirmation: 'y@example.com' },
      token,
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors?.['email_confirmation']?.[0]).toBeTruthy();
    const malformed = await api<ErrorBody>('POST', '/api/golf/user_golf_game_prize', {
      body: { ...body, email: 'nope', email_confirmation: 'nope' },
      token,
    });
    expect(malformed.status).toBe(422);
    expect(
      (
        await api<ErrorBody>('POST', '/api/golf/user_golf_game_prize', {
          body: { ...body, id: '../x' },
          token,
        })
      ).status,
    ).toBe(422);
    expect((await prizeDrawRepository.getPrizeWin(winners[0]!, prize.id))?.claimed_at).toBeNull();
  });
});

describe('operators draw prizes', () => {
  it('refuses players, keeps a drawn prize, redraws with the same committed seed, and refuses a tournament not final', async () => {
    const [tournament] = await finished();
    const body = { game_global_id: tournament!.game_global_id };
    expect(
      (await api('POST', '/api/golf/ops/prizes/draw', { body, token: await tokenFor('draw-player') })).status,
    ).toBe(403);

    const operator = await tokenFor('draw-operator', ['operators']);
    const kept = prizeDrawResultSchema.parse(
      (await api('POST', '/api/golf/ops/prizes/draw', { body, token: operator })).body,
    );
    expect(kept.prizes.every((p) => p.state === 'kept')).toBe(true);

    const current = (await tournamentRepository.list()).find((t) =>
      t.rounds.some((r) => r.results !== 'final' && !r.cancelled),
    )!;
    const notFinal = await api<ErrorBody>('POST', '/api/golf/ops/prizes/draw', {
      body: { game_global_id: current.game_global_id },
      token: operator,
    });
    expect(notFinal.status).toBe(409);
    expect(notFinal.body.message).toContain('確定');
    expect(
      (
        await api<ErrorBody>('POST', '/api/golf/ops/prizes/draw', {
          body: { game_global_id: 'nope' },
          token: operator,
        })
      ).status,
    ).toBe(404);

    const [, second] = await finished();
    const entryPrize = (await prizeRepository.listByKind('entry')).find(
      (p) => p.game_global_id === second!.game_global_id,
    )!;
    const before = (await prizeDrawRepository.getPrizeDraw(entryPrize.id))!;
    const redraw = await api('POST', '/api/golf/ops/prizes/draw', {
      // The sample's entry prize offers more winners than the season has entrants.
      body: { game_global_id: second!.game_global_id, redraw: true, accept_fewer: true },
      token: operator,
    });
    expect(redraw.status).toBe(200);
    const result = prizeDrawResultSchema.parse(redraw.body);
    // The results did not change: the same seed, so the same winners.
    expect(result.seed).toBe(before.seed);
    expect(result.prizes.every((p) => p.state === 'drawn')).toBe(true);
    const entry = result.prizes.find((p) => p.kind === 'entry')!;
    const draw = await prizeDrawRepository.getPrizeDraw(entry.prize_id);
    expect(draw).toMatchObject({ seed: before.seed, winners: before.winners });
    for (const userId of draw!.winners.slice(0, 3))
      expect(await prizeDrawRepository.getPrizeWin(userId, entry.prize_id)).not.toBeNull();
  });
});

describe('prize operations that race', () => {
  beforeAll(warmPrizeRoutes);

  it('concurrent draws never multiply the winners', async () => {
    await trials(4, async (index) => {
      const { gid, users, entry } = await prizeTournament(`race-draws-${runId}-${index}`);
      const answers = await Promise.all([draw(gid), draw(gid), draw(gid), draw(gid)]);
      const shown = await usersShownAsWinners(entry.id, users);
      expect(shown.length).toBeLessThanOrEqual(entry.winners_count);
      expect(shown.sort()).toEqual([...(await publicWinners(gid)).get(entry.id)!].sort());
      // One draw; the others were refused while it ran, or answered that it was done.
      const drawn = answers.filter((answer) => answer.status === 200 && !answer.body.already_done);
      expect(drawn).toHaveLength(1);
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
    });
  });

  it('a prize cannot be retired while it is being drawn', async () => {
    await trials(6, async (index) => {
      const { gid, entry } = await prizeTournament(`race-retire-${runId}-${index}`, { firstPlace: true });
      let drawAnswered = false;
      const drawing = draw(gid).finally(() => (drawAnswered = true));
      // Retires one after another for as long as the draw runs.
      const retires: Array<{ status: number }> = [];
      do retires.push(await retire(entry.id));
      while (!drawAnswered && retires.length < 20);
      expect([200, 409]).toContain((await drawing).status);
      for (const answer of retires) expect([200, 409]).toContain(answer.status);
      const state = await prizeState(gid, entry.id);
      expect(state.retired && state.drawn).toBe(false);
    });
  });

  it('a redraw never wipes a claim answered 201', async () => {
    await trials(10, async (index) => {
      // Many winners: a redraw takes a while between reading their claims and writing its own.
      const { gid, entry } = await prizeTournament(`race-claim-${runId}-${index}`, {
        entrants: 24,
        winners: 20,
      });
      expect((await draw(gid)).status).toBe(200);
      const winner = (await publicWinners(gid)).get(entry.id)![0]!;
      const email = `claim-${index}@example.com`;
      // The claim comes after a number of confirm steps, so trials meet the redraw at each of its stages.
      const claiming = (async () => {
        for (let step = 0; step < index; step++)
          await api('POST', '/api/golf/user_golf_game_prize/confirm', {
            token: await playerToken(winner),
            body: { id: entry.id, email, email_confirmation: email },
          });
        return claim(winner, entry.id, email);
      })();
      const [redraw, claimed] = await Promise.all([draw(gid, { redraw: true }), claiming]);
      expect([200, 409]).toContain(redraw.status);
      expect([201, 404, 409]).toContain(claimed.status);
      // A claim answered 201 stays, whichever came first: the redraw was refused, or the claim came
      // after it, on a win of the new draw.
      if (claimed.status === 201)
        expect(await exportedWinners(gid)).toContainEqual({
          prize_id: entry.id,
          user_id: winner,
          claim_email: email,
        });
    });
  });

  it('two overlapping rank prizes saved at once are not both stored', async () => {
    await trials(5, async (index) => {
      const gid = await stagedTournament(`race-ranks-${runId}-${index}`);
      const answers = await Promise.all([saveRankPrize(gid, 30, 35), saveRankPrize(gid, 33, 33)]);
      expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
      for (const answer of answers) expect([200, 409, 422]).toContain(answer.status);
      expect(await overlappingRanks(gid)).toEqual([]);
    });
  });
});

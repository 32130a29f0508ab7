/**
 * What a player needs to re-derive a tournament's lottery winners (docs/game-rules.md, 賞品; docs/adr/0014-committed-lottery-seed.md):
 * the secrets' commitments and the published secrets, each draw's results digest and seed, the
 * lottery's entrants (user ids only, a page at a time) and each prize's winners, with a rank prize's
 * ties that only the lottery parts. Entrants and ties are listed once a prize is drawn: before, the
 * results may not be final, and the answer holds nothing to re-derive.
 */
import { placesBeforeLottery } from '@golf/shared/game/prize';
import { DRAW_ENTRANTS_PAGE_SIZE, type DrawVerification } from '@golf/shared/schemas/prize';
import { drawSeedRepository } from '../../db/repositories/draw-seed-repository';
import { prizeDrawRepository } from '../../db/repositories/prize-draw-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { notFound } from '../../lib/errors';
import { publishedCommitments } from './draw-seed';
import { prizesOfTournament, rankCandidates, tournamentEntrants } from './prize-draw-service';

/** The users an entry prize's lottery draws among: a team in every played round, by user id. */
export function lotteryEntrants(data: Awaited<ReturnType<typeof tournamentEntrants>>): string[] {
  return data.entrants
    .filter((entrant) => entrant.enteredEveryRound)
    .map((entrant) => entrant.userId)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export async function drawVerification(
  gameGlobalId: string,
  page: number,
  now: Date,
): Promise<DrawVerification> {
  const [tournament, prizes, record] = await Promise.all([
    tournamentRepository.get(gameGlobalId),
    prizesOfTournament(gameGlobalId),
    drawSeedRepository.get(gameGlobalId),
  ]);
  if (!tournament) throw notFound('大会が見つかりませんでした。');
  const draws = await Promise.all(prizes.map((prize) => prizeDrawRepository.getPrizeDraw(prize.id)));
  const data = draws.some((draw) => draw !== null) ? await tournamentEntrants(gameGlobalId, now) : null;
  const entrants = data ? lotteryEntrants(data) : [];
  const candidates = data ? rankCandidates(data) : [];
  return {
    game_global_id: gameGlobalId,
    draw_commitments: publishedCommitments(record),
    draws: record?.draws ?? [],
    entrants: {
      total: entrants.length,
      page,
      pages: Math.max(1, Math.ceil(entrants.length / DRAW_ENTRANTS_PAGE_SIZE)),
      user_ids: entrants.slice((page - 1) * DRAW_ENTRANTS_PAGE_SIZE, page * DRAW_ENTRANTS_PAGE_SIZE),
    },
    prizes: prizes.map((prize, i) => {
      const draw = draws[i];
      const ranked = draw && prize.rank_from !== null && prize.rank_to !== null;
      return {
        prize_id: prize.id,
        kind: prize.kind,
        rank_from: prize.rank_from,
        rank_to: prize.rank_to,
        winners_count: prize.winners_count,
        seed: draw?.seed ?? null,
        winners: draw?.winners ?? [],
        ties: ranked
          ? placesBeforeLottery(candidates, { rank_from: prize.rank_from!, rank_to: prize.rank_to! }).ties
          : [],
      };
    }),
  };
}

/**
 * Who won a tournament's prizes, as players see it on the ranking and prize screens once the
 * operators have drawn (docs/game-rules.md, Prizes): every game and entry prize of the tournament,
 * with its winners in prize order (a rank prize's place is its first rank plus the position, as the
 * tie-broken order gave it) or lottery order, their nicknames, and the draw's seed so anyone can
 * re-run the lottery, with the commitments of the tournament's lottery secrets (draw-seed.ts). A
 * prize not drawn yet is listed without winners. Only nicknames are shown, never a claim or an
 * address.
 */
import type { PrizeWinners } from '@golf/shared/schemas/prize';
import { drawSeedRepository } from '../../db/repositories/draw-seed-repository';
import { prizeDrawRepository } from '../../db/repositories/prize-draw-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { notFound } from '../../lib/errors';
import { nicknames } from '../guild/guild-service';
import { publishedCommitments } from './draw-seed';
import { prizesOfTournament } from './prize-draw-service';

export async function listPrizeWinners(gameGlobalId: string): Promise<PrizeWinners> {
  const [tournament, prizes, seeds] = await Promise.all([
    tournamentRepository.get(gameGlobalId),
    prizesOfTournament(gameGlobalId),
    drawSeedRepository.get(gameGlobalId),
  ]);
  if (!tournament) throw notFound('大会が見つかりませんでした。');
  const draws = await Promise.all(prizes.map((prize) => prizeDrawRepository.getPrizeDraw(prize.id)));
  const names = await nicknames([...new Set(draws.flatMap((draw) => draw?.winners ?? []))]);
  return {
    game_global_id: gameGlobalId,
    draw_commitments: publishedCommitments(seeds),
    prizes: prizes.map((prize, i) => {
      const draw = draws[i];
      return {
        prize,
        drawn_at: draw?.drawn_at ?? null,
        seed: draw?.seed ?? null,
        winners: (draw?.winners ?? []).map((userId, index) => ({
          place: prize.rank_from === null ? null : prize.rank_from + index,
          user_id: userId,
          nickname: names.get(userId)!.nickname,
        })),
      };
    }),
  };
}

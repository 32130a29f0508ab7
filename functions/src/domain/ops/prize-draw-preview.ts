/**
 * What a tournament's prize draw would pick, without writing anything: the same entrants and the
 * same selection as the draw (prize-draw-service.ts), with the seed it used, so drawing with that
 * seed picks exactly these winners. A prize that would get fewer winners than it offers says why.
 */
import type { PrizeDrawPreview } from '@golf/shared/schemas/ops';
import { prizeDrawRepository } from '../../db/repositories/prize-draw-repository';
import { nicknames } from '../guild/guild-service';
import {
  shortfallReason,
  tournamentEntrants,
  tournamentPrizes,
  winnersOf,
} from '../prize/prize-draw-service';

export async function previewPrizeDraw(input: {
  gameGlobalId: string;
  seed?: string | undefined;
  now: Date;
}): Promise<PrizeDrawPreview> {
  const prizes = await tournamentPrizes(input.gameGlobalId);
  const data = await tournamentEntrants(input.gameGlobalId, input.now);
  const seed = input.seed ?? `${input.gameGlobalId}:${input.now.toISOString()}`;
  const picks = prizes.map((prize) => ({ prize, winners: winnersOf(prize, seed, data) }));
  const [names, draws] = await Promise.all([
    nicknames(picks.flatMap((pick) => pick.winners)),
    Promise.all(prizes.map((prize) => prizeDrawRepository.getPrizeDraw(prize.id))),
  ]);
  return {
    game_global_id: input.gameGlobalId,
    seed,
    prizes: picks.map(({ prize, winners }, i) => ({
      prize_id: prize.id,
      name: prize.name,
      kind: prize.kind,
      winners_count: prize.winners_count,
      drawn: draws[i] !== null,
      winners: winners.map((userId, index) => ({
        rank: (prize.rank_from ?? 1) + index,
        user_id: userId,
        nickname: names.get(userId)!.nickname,
      })),
      shortfall: shortfallReason(prize, winners.length, data.entrants),
    })),
  };
}

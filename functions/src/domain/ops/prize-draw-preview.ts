/**
 * What a tournament's prize draw would pick, without writing anything: the same entrants and the
 * same selection as the draw (prize-draw-service.ts), with the seed it used, so drawing with that
 * seed picks exactly these winners. A prize that would get fewer winners than it offers says why.
 */
import type { PrizeRecord } from '@golf/shared/schemas/prize';
import type { PrizeDrawPreview } from '@golf/shared/schemas/ops';
import { getPrizeDraw } from '../../db/repositories/prize-draw-repository';
import { prizeRepository } from '../../db/repositories/prize-repository';
import { notFound } from '../../lib/errors';
import { nicknames } from '../guild/guild-service';
import { tournamentEntrants, winnersOf } from '../prize/prize-draw-service';

type Entrants = Awaited<ReturnType<typeof tournamentEntrants>>['entrants'];

/** The tournament's game and entry prizes, in their listing order. */
export async function tournamentPrizes(gameGlobalId: string): Promise<PrizeRecord[]> {
  const [game, entry] = await Promise.all([
    prizeRepository.listByKind('game'),
    prizeRepository.listByKind('entry'),
  ]);
  const prizes = [...game, ...entry].filter((prize) => prize.game_global_id === gameGlobalId);
  if (prizes.length === 0) throw notFound('この大会の賞品はありません。');
  return prizes;
}

/** Why a prize gets `picked` winners out of the `winners_count` it offers (null when all). */
export function shortfallReason(prize: PrizeRecord, picked: number, entrants: Entrants): string | null {
  if (picked >= prize.winners_count) return null;
  if (prize.rank_from === null || prize.rank_to === null) {
    const everyRound = entrants.filter((entrant) => entrant.enteredEveryRound).length;
    return (
      `抽選の対象は全ラウンドにチームを出したユーザーです。対象は${everyRound}人` +
      `（いずれかのラウンドに参加したのは${entrants.length}人）のため、当選は${picked}人で、` +
      `賞品の${prize.winners_count}人に${prize.winners_count - picked}人足りません。`
    );
  }
  return (
    `${prize.rank_from}位から${prize.rank_to}位が対象ですが、大会の参加者は${entrants.length}人のため、` +
    `当選は${picked}人で、賞品の${prize.winners_count}人に${prize.winners_count - picked}人足りません。`
  );
}

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
    Promise.all(prizes.map((prize) => getPrizeDraw(prize.id))),
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

/**
 * What a tournament's prize draw would decide, without writing anything and without telling what its
 * lottery will pick (docs/adr/0014-committed-lottery-seed.md): a drawn prize shows its winners, a rank
 * prize not drawn yet the places its tie-breaks decide before the lottery, and every prize how many
 * places its lottery decides at the draw and how many users take part. A prize that would get fewer
 * winners than it offers says why.
 */
import { placesBeforeLottery } from '@golf/shared/game/prize';
import type { PrizeDrawPreview } from '@golf/shared/schemas/ops';
import type { PrizeRecord } from '@golf/shared/schemas/prize';
import { prizeDrawRepository } from '../../db/repositories/prize-draw-repository';
import { nicknames } from '../guild/guild-service';
import { lotteryEntrants } from '../prize/draw-verification';
import {
  rankCandidates,
  shortfallReason,
  tournamentEntrants,
  tournamentPrizes,
} from '../prize/prize-draw-service';

type Entrants = Awaited<ReturnType<typeof tournamentEntrants>>;

/** A prize not drawn yet: its places known before the lottery (null: the lottery's), and who takes part. */
function undrawn(prize: PrizeRecord, data: Entrants) {
  if (prize.rank_from === null || prize.rank_to === null) {
    const entrants = lotteryEntrants(data).length;
    return { places: Array<null>(Math.min(prize.winners_count, entrants)).fill(null), entrants };
  }
  const candidates = rankCandidates(data);
  return {
    places: placesBeforeLottery(candidates, { rank_from: prize.rank_from, rank_to: prize.rank_to }).places,
    entrants: candidates.length,
  };
}

export async function previewPrizeDraw(input: {
  gameGlobalId: string;
  now: Date;
}): Promise<PrizeDrawPreview> {
  const prizes = await tournamentPrizes(input.gameGlobalId);
  const data = await tournamentEntrants(input.gameGlobalId, input.now);
  const draws = await Promise.all(prizes.map((prize) => prizeDrawRepository.getPrizeDraw(prize.id)));
  const picks = prizes.map((prize, i) => {
    const draw = draws[i];
    const open = undrawn(prize, data);
    const places = draw ? draw.winners : open.places;
    return { prize, drawn: draw !== null, places, entrants: open.entrants };
  });
  const names = await nicknames(
    picks.flatMap((pick) => pick.places.filter((userId): userId is string => userId !== null)),
  );
  return {
    game_global_id: input.gameGlobalId,
    prizes: picks.map(({ prize, drawn, places, entrants }) => ({
      prize_id: prize.id,
      name: prize.name,
      kind: prize.kind,
      winners_count: prize.winners_count,
      drawn,
      winners: places.flatMap((userId, index) =>
        userId === null
          ? []
          : [
              {
                rank: (prize.rank_from ?? 1) + index,
                user_id: userId,
                nickname: names.get(userId)!.nickname,
              },
            ],
      ),
      lottery_places: places.filter((userId) => userId === null).length,
      entrants,
      shortfall: shortfallReason(prize, places.length, data.entrants),
    })),
  };
}

import { golfStaticMasterLists } from '@golf/shared/master/static-lists';
import type { golfMasterListNames } from '@golf/shared/schemas/master';
import type { PrizeKind } from '@golf/shared/schemas/prize';
import { deriveSchedule } from '@golf/shared/schedule/derive-schedule';
import { prizeRepository } from '../../db/repositories/prize-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';

const prizeKinds = {
  game_prize: 'game',
  entry_prize: 'entry',
  yearly_ranking_prize: 'yearly',
} as const satisfies Record<string, PrizeKind>;

/** One of the golf master lists: the fixed group categories, every tournament's schedule, or a prize kind's offered prizes. */
export async function golfMasterList(list: (typeof golfMasterListNames)[number], now: Date) {
  switch (list) {
    case 'group_category':
      return golfStaticMasterLists.group_category;
    case 'schedule': {
      const tournaments = await tournamentRepository.list();
      return tournaments.map((record) => deriveSchedule(record, now));
    }
    default: {
      // A retired prize is no longer offered: players see the prizes still to win.
      const prizes = await prizeRepository.listByKind(prizeKinds[list]);
      return prizes.filter((prize) => !prize.retired_at).map((prize) => ({ value: prize.id, ...prize }));
    }
  }
}

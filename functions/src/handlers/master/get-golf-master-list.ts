import { golfStaticMasterLists } from '@golf/shared/master/static-lists';

import type { PrizeKind } from '@golf/shared/schemas/prize';
import { deriveSchedule } from '@golf/shared/schedule/derive-schedule';
import { prizeRepository } from '../../db/repositories/prize-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { httpHandler } from '../../lib/http-handler';

const prizeKinds = {
  game_prize: 'game',
  entry_prize: 'entry',
  yearly_ranking_prize: 'yearly',
} as const satisfies Record<string, PrizeKind>;

export const handler = httpHandler('getGolfMasterList', async ({ params, now }) => {
  switch (params.list) {
    case 'group_category':
      return golfStaticMasterLists.group_category;
    case 'schedule': {
      const tournaments = await tournamentRepository.list();
      return tournaments.map((record) => deriveSchedule(record, now));
    }
    default: {
      const prizes = await prizeRepository.listByKind(prizeKinds[params.list]);
      return prizes.map((prize) => ({ value: prize.id, ...prize }));
    }
  }
});

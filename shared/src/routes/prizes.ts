import type { RouteDefinition } from '../contracts';

/** Prize draws (operators) and winners' claims (docs/api.md, section Prizes). */
export const prizeRoutes = {
  listWonPrizes: {
    method: 'GET',
    path: '/api/golf/user_golf_game_prize',
    handler: 'prizes/list-won-prizes',
    access: 'user',
  },
  confirmPrizeClaim: {
    method: 'POST',
    path: '/api/golf/user_golf_game_prize/confirm',
    handler: 'prizes/confirm-prize-claim',
    access: 'user',
  },
  claimPrize: {
    method: 'POST',
    path: '/api/golf/user_golf_game_prize',
    handler: 'prizes/claim-prize',
    access: 'user',
  },
  drawPrizes: {
    method: 'POST',
    path: '/api/golf/ops/prizes/draw',
    handler: 'prizes/draw-prizes',
    access: 'operator',
  },
} as const satisfies Record<string, RouteDefinition>;

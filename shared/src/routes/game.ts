import type { RouteDefinition } from '../contracts';

/** Tournaments, fields, teams and picks, results import (docs/api.md, section Game). */
export const gameRoutes = {
  getRoundView: {
    method: 'GET',
    path: '/api/golf/round/{round}',
    handler: 'game/get-round-view',
    access: 'user',
  },
  getRoundField: {
    method: 'GET',
    path: '/api/golf/round/{round}/field',
    handler: 'game/get-round-field',
    access: 'public',
    cacheSeconds: 30,
  },
  getPlayerDetail: {
    method: 'GET',
    path: '/api/golf/player/{player_id}',
    handler: 'game/get-player-detail',
    access: 'public',
    cacheSeconds: 60,
  },
  saveTeam: {
    method: 'PUT',
    path: '/api/golf/round/{round}/team',
    handler: 'game/save-team',
    access: 'user',
  },
  savePick: {
    method: 'PUT',
    path: '/api/golf/round/{round}/draft/{draft}',
    handler: 'game/save-pick',
    access: 'user',
  },
  deletePick: {
    method: 'DELETE',
    path: '/api/golf/round/{round}/draft/{draft}',
    handler: 'game/delete-pick',
    access: 'user',
  },
  previewAiTeam: {
    method: 'GET',
    path: '/api/golf/round/{round}/auto/{type}',
    handler: 'game/preview-ai-team',
    access: 'public',
    cacheSeconds: 30,
  },
  saveAiTeam: {
    method: 'POST',
    path: '/api/golf/round/{round}/auto/{type}',
    handler: 'game/save-ai-team',
    access: 'user',
  },
  getUserTeam: {
    method: 'GET',
    path: '/api/golf/round/{round}/team/{user_id}',
    handler: 'game/get-user-team',
    access: 'user',
  },
  getMyScore: {
    method: 'GET',
    path: '/api/golf/schedule/score/me',
    handler: 'game/get-my-score',
    access: 'user',
  },
  importTournament: {
    method: 'POST',
    path: '/api/golf/ops/tournament',
    handler: 'ops/import-tournament',
    access: 'operator',
  },
  importResults: {
    method: 'POST',
    path: '/api/golf/ops/results',
    handler: 'ops/import-results',
    access: 'operator',
  },
  markRoundFinal: {
    method: 'POST',
    path: '/api/golf/ops/round/final',
    handler: 'ops/mark-round-final',
    access: 'operator',
  },
  moveDeadline: {
    method: 'POST',
    path: '/api/golf/ops/round/deadline',
    handler: 'ops/move-deadline',
    access: 'operator',
  },
  correctResult: {
    method: 'POST',
    path: '/api/golf/ops/result/correction',
    handler: 'ops/correct-result',
    access: 'operator',
  },
  withdrawPlayer: {
    method: 'POST',
    path: '/api/golf/ops/player/withdrawal',
    handler: 'ops/withdraw-player',
    access: 'operator',
  },
  cancelRound: {
    method: 'POST',
    path: '/api/golf/ops/round/cancel',
    handler: 'ops/cancel-round',
    access: 'operator',
  },
  cancelTournament: {
    method: 'POST',
    path: '/api/golf/ops/tournament/cancel',
    handler: 'ops/cancel-tournament',
    access: 'operator',
  },
  runCarryOver: {
    method: 'POST',
    path: '/api/golf/ops/carry-over',
    handler: 'ops/run-carry-over',
    access: 'operator',
  },
} as const satisfies Record<string, RouteDefinition>;

import type { RouteDefinition } from '../contracts';
import { csvExportSchema } from '../schemas/contact';
import {
  drawPrizesBodySchema,
  drawVerificationQuerySchema,
  drawVerificationSchema,
  prizeClaimBodySchema,
  prizeClaimSchema,
  prizeDrawResultSchema,
  prizeWinnersQuerySchema,
  prizeWinnersSchema,
  wonPrizeListSchema,
} from '../schemas/prize';
import {
  opsPrizeListQuerySchema,
  opsPrizeListSchema,
  prizeDrawPreviewQuerySchema,
  prizeDrawPreviewSchema,
  retirePrizeBodySchema,
  retirePrizeResultSchema,
  savePrizeBodySchema,
  savePrizeResultSchema,
  winnersExportQuerySchema,
} from '../schemas/ops';
import {
  guildReads,
  partitions,
  prizeListKeys,
  sessionReads,
  teamReads,
  tournamentReads,
} from '../route-partitions';

/** A player's won prizes and the confirmation of a claim. */
const wonPrizeKeys = {
  read: partitions(prizeListKeys.read, ['OUTBOX']),
  index: prizeListKeys.index,
} as const;

/** Views of a prize draw (operators' previews and exports, players' winners list). */
const drawViewKeys = {
  read: partitions(sessionReads, tournamentReads, teamReads, guildReads, ['DRAWSEED#', 'PRIZE#', 'RATE#']),
  index: ['GUILDS#PUBLIC', 'GUILD_CODE#', 'PRIZES#', 'TOURNAMENTS'],
} as const;

/** Who won a tournament's prizes, for everyone: it changes only when operators draw, so the CDN keeps it a minute. */
export const listPrizeWinnersRoute = {
  name: 'listPrizeWinners',
  method: 'GET',
  path: '/api/golf/prizes/winners',
  handler: 'prizes/list-prize-winners',
  access: 'public',
  query: prizeWinnersQuerySchema,
  response: prizeWinnersSchema,
  cacheSeconds: 60,
  aws: { table: 'read', keys: drawViewKeys },
} as const satisfies RouteDefinition;

/**
 * What a player needs to re-derive the tournament's lottery winners (docs/game-rules.md, 賞品): the
 * lottery's secrets and commitments, each draw's seed, the entrants a page at a time. It changes only
 * when operators draw, so the CDN keeps it a minute.
 */
export const getDrawVerificationRoute = {
  name: 'getDrawVerification',
  method: 'GET',
  path: '/api/golf/prizes/verification',
  handler: 'prizes/get-draw-verification',
  access: 'public',
  query: drawVerificationQuerySchema,
  response: drawVerificationSchema,
  cacheSeconds: 60,
  // The played rounds' frozen teams (read only: the ranking job keeps them).
  aws: { table: 'read', rankingInputs: ['GetObject'], keys: drawViewKeys },
} as const satisfies RouteDefinition;

export const listWonPrizesRoute = {
  name: 'listWonPrizes',
  method: 'GET',
  path: '/api/golf/user_golf_game_prize',
  handler: 'prizes/list-won-prizes',
  access: 'user',
  response: wonPrizeListSchema,
  aws: { table: 'read', keys: wonPrizeKeys },
} as const satisfies RouteDefinition;

export const confirmPrizeClaimRoute = {
  name: 'confirmPrizeClaim',
  method: 'POST',
  path: '/api/golf/user_golf_game_prize/confirm',
  handler: 'prizes/confirm-prize-claim',
  access: 'user',
  body: prizeClaimBodySchema,
  response: prizeClaimSchema,
  aws: { table: 'read', keys: wonPrizeKeys },
} as const satisfies RouteDefinition;

export const claimPrizeRoute = {
  name: 'claimPrize',
  method: 'POST',
  path: '/api/golf/user_golf_game_prize',
  handler: 'prizes/claim-prize',
  access: 'user',
  body: prizeClaimBodySchema,
  response: prizeClaimSchema,
  aws: {
    table: 'write',
    mail: true,
    keys: {
      read: ['AUDIT#', 'LOGIN#', 'PRIZE#', 'REVOKED#', 'ROUNDLOCK#', 'TOURNAMENT#'],
      write: ['OUTBOX', 'USER#'],
      index: ['PRIZES#', 'TOURNAMENTS'],
    },
  },
} as const satisfies RouteDefinition;

export const previewPrizeDrawRoute = {
  name: 'previewPrizeDraw',
  method: 'GET',
  path: '/api/golf/ops/prizes/draw/preview',
  handler: 'prizes/preview-prize-draw',
  access: 'operator',
  query: prizeDrawPreviewQuerySchema,
  response: prizeDrawPreviewSchema,
  // The played rounds' frozen teams (read only: the ranking job keeps them).
  aws: { table: 'read', rankingInputs: ['GetObject'], keys: drawViewKeys },
} as const satisfies RouteDefinition;

export const exportPrizeWinnersRoute = {
  name: 'exportPrizeWinners',
  method: 'GET',
  path: '/api/golf/ops/prizes/winners/export',
  handler: 'prizes/export-prize-winners',
  access: 'operator',
  query: winnersExportQuerySchema,
  response: csvExportSchema,
  aws: { table: 'read', keys: drawViewKeys },
} as const satisfies RouteDefinition;

export const drawPrizesRoute = {
  name: 'drawPrizes',
  method: 'POST',
  path: '/api/golf/ops/prizes/draw',
  handler: 'prizes/draw-prizes',
  access: 'operator',
  body: drawPrizesBodySchema,
  response: prizeDrawResultSchema,
  // The played rounds' frozen teams (read only: the ranking job keeps them).
  aws: {
    table: 'write',
    rankingInputs: ['GetObject'],
    keys: {
      read: ['LOGIN#', 'REVOKED#', 'ROUNDLOCK#', 'TEAM#', 'TEAMSUM#', 'TOURNAMENT#'],
      write: ['AUDIT#', 'DRAWSEED#', 'PRIZE#', 'USER#'],
      index: ['PRIZES#', 'TOURNAMENTS'],
    },
  },
} as const satisfies RouteDefinition;

export const savePrizeRoute = {
  name: 'savePrize',
  method: 'POST',
  path: '/api/golf/ops/prizes',
  handler: 'prizes/save-prize',
  access: 'operator',
  body: savePrizeBodySchema,
  response: savePrizeResultSchema,
  // An uploaded image is read, checked and stored again under a key of its own.
  aws: {
    table: 'write',
    uploads: ['PutObject', 'GetObject'],
    keys: {
      read: ['LOGIN#', 'REVOKED#', 'ROUNDLOCK#', 'TOURNAMENT#', 'USER#'],
      write: ['AUDIT#', 'DRAWSEED#', 'PRIZE#'],
      index: ['PRIZES#', 'TOURNAMENTS'],
    },
  },
} as const satisfies RouteDefinition;

export const listOpsPrizesRoute = {
  name: 'listOpsPrizes',
  method: 'GET',
  path: '/api/golf/ops/prizes',
  handler: 'prizes/list-ops-prizes',
  access: 'operator',
  query: opsPrizeListQuerySchema,
  response: opsPrizeListSchema,
  aws: { table: 'read', keys: prizeListKeys },
} as const satisfies RouteDefinition;

export const retirePrizeRoute = {
  name: 'retirePrize',
  method: 'POST',
  path: '/api/golf/ops/prizes/retire',
  handler: 'prizes/retire-prize',
  access: 'operator',
  body: retirePrizeBodySchema,
  response: retirePrizeResultSchema,
  aws: {
    table: 'write',
    keys: {
      read: ['LOGIN#', 'REVOKED#', 'ROUNDLOCK#', 'TOURNAMENT#', 'USER#'],
      write: ['AUDIT#', 'PRIZE#'],
      index: ['PRIZES#', 'TOURNAMENTS'],
    },
  },
} as const satisfies RouteDefinition;

/** Prize draws (operators) and winners' claims (docs/api.md, section Prizes). */
export const prizeRoutes = {
  listPrizeWinners: listPrizeWinnersRoute,
  getDrawVerification: getDrawVerificationRoute,
  listWonPrizes: listWonPrizesRoute,
  confirmPrizeClaim: confirmPrizeClaimRoute,
  claimPrize: claimPrizeRoute,
  previewPrizeDraw: previewPrizeDrawRoute,
  exportPrizeWinners: exportPrizeWinnersRoute,
  drawPrizes: drawPrizesRoute,
  savePrize: savePrizeRoute,
  listOpsPrizes: listOpsPrizesRoute,
  retirePrize: retirePrizeRoute,
} as const satisfies Record<string, RouteDefinition>;

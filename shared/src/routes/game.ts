import type { RouteDefinition } from '../contracts';
import {
  importResultsResponseSchema,
  operatorActionPreviewResponseSchema,
  opsAuditLogQuerySchema,
  opsAuditLogSchema,
  importFieldBodySchema,
  migrationRunSchema,
  saveTournamentBodySchema,
  opsRoundResultsQuerySchema,
  opsRoundResultsSchema,
  opsTournamentListSchema,
} from '../schemas/ops';
import {
  aiParamsSchema,
  aiPreviewSchema,
  cancelRoundBodySchema,
  cancelTournamentBodySchema,
  carryOverBodySchema,
  carryOverResultSchema,
  correctResultBodySchema,
  draftParamsSchema,
  importBodySchema,
  importResultSchema,
  markFinalBodySchema,
  moveDeadlineBodySchema,
  myScoreSchema,
  operatorActionResultSchema,
  otherTeamSchema,
  playerDetailSchema,
  playerParamsSchema,
  roundFieldSchema,
  roundParamsSchema,
  roundViewSchema,
  saveAiTeamBodySchema,
  savePickBodySchema,
  saveTeamBodySchema,
  savedOrNoTeamSchema,
  savedTeamSchema,
  tournamentQuerySchema,
  userTeamParamsSchema,
  withdrawPlayerBodySchema,
} from '../schemas/game';
import { liveRoundSchema } from '../schemas/live-round';
import { scoreChangesQuerySchema, scoreChangesViewSchema } from '../schemas/score-changes';
import { seasonHistoryQuerySchema, seasonHistorySchema } from '../schemas/season-history';
import { shareCardRequestSchema, shareCardSchema } from '../schemas/share';
import {
  guildReads,
  partitions,
  rankingBoardReads,
  rankingReads,
  rankingViewReads,
  roundViewReads,
  sessionReads,
  tournamentReads,
} from '../route-partitions';

/** Views of a round, its field and teams. */
const roundViewKeys = {
  read: roundViewReads,
  index: ['TOURNAMENTS'],
} as const;

/** The operator's writes of a tournament and its field: the record, its players, the round gates and the audit. */
const tournamentImportKeys = {
  read: ['LOGIN#', 'REVOKED#', 'USER#'],
  write: ['AUDIT#', 'PLAYER#', 'ROUNDLOCK#', 'TOURNAMENT#'],
  index: ['TOURNAMENTS'],
} as const;

/**
 * What every save of a team reads: the caller, the tournament and its field (before the write), the
 * user's shard of the round's gate (the write's one condition), the sums, the guild post and the mail.
 */
const teamSaveReads = partitions(sessionReads, tournamentReads, [
  'GAMEPOSTS#',
  'OUTBOX',
  'PLAYER#',
  'RATE#',
  'TEAMSUM#',
]);

/** What every change of a team writes: the team, its receipt's due date and the guild's post. */
const teamChangeWrites = ['GUILD#', 'GUILD_CHAT#', 'RECEIPTS_DUE#', 'TEAM#'] as const;
const teamChangeIndexes = ['GUILDS#PUBLIC', 'GUILD_CODE#', 'TOURNAMENTS'] as const;

/** A whole team's save. */
const teamSaveKeys = { read: teamSaveReads, write: teamChangeWrites, index: teamChangeIndexes } as const;

/** A pick's save: a team save's reads and the guild. */
const pickSaveKeys = {
  read: partitions(teamSaveReads, guildReads),
  write: teamChangeWrites,
  index: teamChangeIndexes,
} as const;

/** Routes that change a team besides the draft saves: removing a pick and the AI team (both schedule the receipt and tell the guild, as a save does). */
const teamChangeKeys = {
  read: partitions(teamSaveReads, guildReads, ['RECEIPTS_DUE#']),
  write: teamChangeWrites,
  index: teamChangeIndexes,
} as const;

/** Operators' views of tournaments. */
const operatorViewKeys = {
  read: ['AUDIT#', 'LOGIN#', 'REVOKED#', 'ROUNDLOCK#', 'TOURNAMENT#', 'USER#'],
  index: ['TOURNAMENTS'],
} as const;

/** Operators' actions on results and rounds. */
const operatorActionKeys = {
  read: ['LOGIN#', 'PLAYER#', 'RANKLEASE', 'REVOKED#', 'TEAM#', 'TEAMSUM#', 'USER#'],
  write: ['AUDIT#', 'RANKSTALE', 'ROUNDLOCK#', 'TOURNAMENT#'],
  index: ['TOURNAMENTS'],
} as const;

export const getRoundViewRoute = {
  name: 'getRoundView',
  method: 'GET',
  path: '/api/golf/round/{round}',
  handler: 'game/get-round-view',
  access: 'user',
  params: roundParamsSchema,
  query: tournamentQuerySchema,
  response: roundViewSchema,
  aws: { table: 'read', keys: roundViewKeys },
} as const satisfies RouteDefinition;

export const getRoundFieldRoute = {
  name: 'getRoundField',
  method: 'GET',
  path: '/api/golf/round/{round}/field',
  handler: 'game/get-round-field',
  access: 'public',
  params: roundParamsSchema,
  query: tournamentQuerySchema,
  response: roundFieldSchema,
  cacheSeconds: 30,
  aws: { table: 'read', keys: roundViewKeys },
} as const satisfies RouteDefinition;

/** The live board of a round: the tournament, its field and the rankings. */
const liveRoundReads = partitions(sessionReads, tournamentReads, rankingReads, ['PLAYER#']);

export const getLiveRoundRoute = {
  name: 'getLiveRound',
  method: 'GET',
  path: '/api/golf/round/{round}/live',
  handler: 'game/get-live-round',
  access: 'public',
  params: roundParamsSchema,
  query: tournamentQuerySchema,
  response: liveRoundSchema,
  cacheSeconds: 30,
  aws: {
    table: 'read',
    keys: {
      read: liveRoundReads,
      index: ['TOURNAMENTS'],
    },
  },
} as const satisfies RouteDefinition;

export const getPlayerDetailRoute = {
  name: 'getPlayerDetail',
  method: 'GET',
  path: '/api/golf/player/{player_id}',
  handler: 'game/get-player-detail',
  access: 'public',
  params: playerParamsSchema,
  query: tournamentQuerySchema,
  response: playerDetailSchema,
  cacheSeconds: 60,
  aws: { table: 'read', keys: roundViewKeys },
} as const satisfies RouteDefinition;

export const saveTeamRoute = {
  name: 'saveTeam',
  method: 'PUT',
  path: '/api/golf/round/{round}/team',
  handler: 'game/save-team',
  access: 'user',
  params: roundParamsSchema,
  body: saveTeamBodySchema,
  response: savedTeamSchema,
  aws: { table: 'write', mail: true, arrivalReceipts: true, keys: teamSaveKeys },
} as const satisfies RouteDefinition;

export const savePickRoute = {
  name: 'savePick',
  method: 'PUT',
  path: '/api/golf/round/{round}/draft/{draft}',
  handler: 'game/save-pick',
  access: 'user',
  params: draftParamsSchema,
  body: savePickBodySchema,
  response: savedTeamSchema,
  // A slot save that completes or changes a team tells the guild, as a whole-team save does.
  aws: { table: 'write', mail: true, arrivalReceipts: true, keys: pickSaveKeys },
} as const satisfies RouteDefinition;

export const deletePickRoute = {
  name: 'deletePick',
  method: 'DELETE',
  path: '/api/golf/round/{round}/draft/{draft}',
  handler: 'game/delete-pick',
  access: 'user',
  params: draftParamsSchema,
  query: tournamentQuerySchema,
  response: savedOrNoTeamSchema,
  aws: { table: 'write', mail: true, arrivalReceipts: true, keys: teamChangeKeys },
} as const satisfies RouteDefinition;

export const previewAiTeamRoute = {
  name: 'previewAiTeam',
  method: 'GET',
  path: '/api/golf/round/{round}/auto/{type}',
  handler: 'game/preview-ai-team',
  access: 'public',
  params: aiParamsSchema,
  query: tournamentQuerySchema,
  response: aiPreviewSchema,
  cacheSeconds: 30,
  aws: { table: 'read', keys: roundViewKeys },
} as const satisfies RouteDefinition;

export const saveAiTeamRoute = {
  name: 'saveAiTeam',
  method: 'POST',
  path: '/api/golf/round/{round}/auto/{type}',
  handler: 'game/save-ai-team',
  access: 'user',
  params: aiParamsSchema,
  body: saveAiTeamBodySchema,
  response: savedTeamSchema,
  aws: { table: 'write', mail: true, arrivalReceipts: true, keys: teamChangeKeys },
} as const satisfies RouteDefinition;

export const getUserTeamRoute = {
  name: 'getUserTeam',
  method: 'GET',
  path: '/api/golf/round/{round}/team/{user_id}',
  handler: 'game/get-user-team',
  access: 'user',
  params: userTeamParamsSchema,
  query: tournamentQuerySchema,
  response: otherTeamSchema,
  aws: { table: 'read', keys: roundViewKeys },
} as const satisfies RouteDefinition;

export const getMyScoreRoute = {
  name: 'getMyScore',
  method: 'GET',
  path: '/api/golf/schedule/score/me',
  handler: 'game/get-my-score',
  access: 'user',
  query: tournamentQuerySchema,
  response: myScoreSchema,
  aws: { table: 'read', keys: roundViewKeys },
} as const satisfies RouteDefinition;

/** The score changes: the rankings' views and whether they are stale. */
const scoreChangeReads = partitions(rankingViewReads, ['RANKSTALE']);

export const getScoreChangesRoute = {
  name: 'getScoreChanges',
  method: 'GET',
  path: '/api/golf/schedule/score/changes',
  handler: 'game/get-score-changes',
  access: 'user',
  query: scoreChangesQuerySchema,
  response: scoreChangesViewSchema,
  aws: {
    table: 'read',
    keys: {
      read: scoreChangeReads,
      index: ['GUILDS#PUBLIC', 'GUILD_CODE#', 'TOURNAMENTS'],
    },
  },
} as const satisfies RouteDefinition;

/** A season's history: the tournaments, the rankings and the past seasons. */
const seasonHistoryReads = partitions(sessionReads, tournamentReads, rankingReads, ['HISTORY#']);

export const getSeasonHistoryRoute = {
  name: 'getSeasonHistory',
  method: 'GET',
  path: '/api/golf/schedule/score/season',
  handler: 'game/get-season-history',
  access: 'user',
  query: seasonHistoryQuerySchema,
  response: seasonHistorySchema,
  aws: {
    table: 'read',
    keys: {
      read: seasonHistoryReads,
      index: ['TOURNAMENTS'],
    },
  },
} as const satisfies RouteDefinition;

export const listTournamentsRoute = {
  name: 'listTournaments',
  method: 'GET',
  path: '/api/golf/ops/tournaments',
  handler: 'ops/list-tournaments',
  access: 'operator',
  response: opsTournamentListSchema,
  aws: { table: 'read', keys: operatorViewKeys },
} as const satisfies RouteDefinition;

export const importTournamentRoute = {
  name: 'importTournament',
  method: 'POST',
  path: '/api/golf/ops/tournament',
  handler: 'ops/import-tournament',
  access: 'operator',
  body: importBodySchema,
  response: importResultSchema,
  aws: { table: 'write', keys: tournamentImportKeys },
} as const satisfies RouteDefinition;

export const saveTournamentRoute = {
  name: 'saveTournament',
  method: 'POST',
  path: '/api/golf/ops/tournament/settings',
  handler: 'ops/save-tournament',
  access: 'operator',
  body: saveTournamentBodySchema,
  response: importResultSchema,
  aws: { table: 'write', keys: tournamentImportKeys },
} as const satisfies RouteDefinition;

export const importFieldRoute = {
  name: 'importField',
  method: 'POST',
  path: '/api/golf/ops/tournament/field',
  handler: 'ops/import-field',
  access: 'operator',
  body: importFieldBodySchema,
  response: importResultSchema,
  aws: { table: 'write', keys: tournamentImportKeys },
} as const satisfies RouteDefinition;

export const importResultsRoute = {
  name: 'importResults',
  method: 'POST',
  path: '/api/golf/ops/results',
  handler: 'ops/import-results',
  access: 'operator',
  body: importBodySchema,
  response: importResultsResponseSchema,
  aws: { table: 'write', startsRankingJob: true, keys: operatorActionKeys },
} as const satisfies RouteDefinition;

export const markRoundFinalRoute = {
  name: 'markRoundFinal',
  method: 'POST',
  path: '/api/golf/ops/round/final',
  handler: 'ops/mark-round-final',
  access: 'operator',
  body: markFinalBodySchema,
  response: operatorActionResultSchema,
  aws: { table: 'write', startsRankingJob: true, keys: operatorActionKeys },
} as const satisfies RouteDefinition;

export const moveDeadlineRoute = {
  name: 'moveDeadline',
  method: 'POST',
  path: '/api/golf/ops/round/deadline',
  handler: 'ops/move-deadline',
  access: 'operator',
  body: moveDeadlineBodySchema,
  response: operatorActionPreviewResponseSchema,
  aws: {
    table: 'write',
    keys: {
      read: ['LOGIN#', 'PLAYER#', 'RANKLEASE', 'REVOKED#', 'TEAMSUM#'],
      write: ['AUDIT#', 'RANKSTALE', 'ROUNDLOCK#', 'TEAM#', 'TOURNAMENT#', 'USER#'],
      index: ['TOURNAMENTS'],
    },
  },
} as const satisfies RouteDefinition;

export const opsRoundResultsRoute = {
  name: 'getOpsRoundResults',
  method: 'GET',
  path: '/api/golf/ops/round/results',
  handler: 'ops/round-results',
  access: 'operator',
  query: opsRoundResultsQuerySchema,
  response: opsRoundResultsSchema,
  aws: { table: 'read', keys: operatorViewKeys },
} as const satisfies RouteDefinition;

export const opsAuditLogRoute = {
  name: 'getOpsAuditLog',
  method: 'GET',
  path: '/api/golf/ops/audit',
  handler: 'ops/audit-log',
  access: 'operator',
  query: opsAuditLogQuerySchema,
  response: opsAuditLogSchema,
  aws: { table: 'read', keys: operatorViewKeys },
} as const satisfies RouteDefinition;

export const correctResultRoute = {
  name: 'correctResult',
  method: 'POST',
  path: '/api/golf/ops/result/correction',
  handler: 'ops/correct-result',
  access: 'operator',
  body: correctResultBodySchema,
  response: operatorActionPreviewResponseSchema,
  aws: { table: 'write', startsRankingJob: true, keys: operatorActionKeys },
} as const satisfies RouteDefinition;

export const withdrawPlayerRoute = {
  name: 'withdrawPlayer',
  method: 'POST',
  path: '/api/golf/ops/player/withdrawal',
  handler: 'ops/withdraw-player',
  access: 'operator',
  body: withdrawPlayerBodySchema,
  response: operatorActionPreviewResponseSchema,
  aws: { table: 'write', startsRankingJob: true, keys: operatorActionKeys },
} as const satisfies RouteDefinition;

export const cancelRoundRoute = {
  name: 'cancelRound',
  method: 'POST',
  path: '/api/golf/ops/round/cancel',
  handler: 'ops/cancel-round',
  access: 'operator',
  body: cancelRoundBodySchema,
  response: operatorActionPreviewResponseSchema,
  aws: { table: 'write', startsRankingJob: true, keys: operatorActionKeys },
} as const satisfies RouteDefinition;

export const cancelTournamentRoute = {
  name: 'cancelTournament',
  method: 'POST',
  path: '/api/golf/ops/tournament/cancel',
  handler: 'ops/cancel-tournament',
  access: 'operator',
  body: cancelTournamentBodySchema,
  response: operatorActionPreviewResponseSchema,
  aws: { table: 'write', startsRankingJob: true, keys: operatorActionKeys },
} as const satisfies RouteDefinition;

export const runCarryOverRoute = {
  name: 'runCarryOver',
  method: 'POST',
  path: '/api/golf/ops/carry-over',
  handler: 'ops/run-carry-over',
  access: 'operator',
  body: carryOverBodySchema,
  response: carryOverResultSchema,
  aws: {
    table: 'write',
    keys: {
      read: ['AUDIT#', 'LOGIN#', 'PLAYER#', 'RANKLEASE', 'REVOKED#', 'ROUNDLOCK#', 'TEAMSUM#'],
      write: ['RANKSTALE', 'TEAM#', 'TOURNAMENT#', 'USER#'],
      index: ['TOURNAMENTS'],
    },
  },
} as const satisfies RouteDefinition;

/**
 * The data migrations not applied yet (docs/deploy.md, "Data migrations"): each call works a few
 * seconds, under the function's timeout, and answers `done: false` while some remain.
 */
export const runMigrationsRoute = {
  name: 'runMigrations',
  method: 'POST',
  path: '/api/golf/ops/migrations',
  handler: 'ops/run-migrations',
  access: 'operator',
  response: migrationRunSchema,
  aws: {
    table: 'write',
    keys: {
      read: ['AUDIT#', 'LOGIN#', 'REVOKED#', 'ROUNDLOCK#', 'TOURNAMENT#', 'USER#'],
      write: ['MIGRATION', 'RECEIPTS_DUE', 'RECEIPTS_DUE#', 'ROUNDLOCK#', 'TEAM#', 'TOURNAMENT#'],
      index: ['TOURNAMENTS'],
    },
  },
} as const satisfies RouteDefinition;

export const createShareCardRoute = {
  name: 'createShareCard',
  method: 'POST',
  path: '/api/golf/round/{round}/share',
  handler: 'game/create-share-card',
  access: 'user',
  params: roundParamsSchema,
  query: tournamentQuerySchema,
  body: shareCardRequestSchema,
  response: shareCardSchema,
  aws: {
    table: 'write',
    uploads: ['PutObject'],
    keys: {
      read: rankingBoardReads,
      write: ['RATE#', 'SHARECARD#'],
      index: ['GUILDS#PUBLIC', 'GUILD_CODE#', 'TOURNAMENTS'],
    },
  },
} as const satisfies RouteDefinition;

/** Tournaments, fields, teams and picks, results import (docs/api.md, section Game). */
export const gameRoutes = {
  getRoundView: getRoundViewRoute,
  getRoundField: getRoundFieldRoute,
  getLiveRound: getLiveRoundRoute,
  getPlayerDetail: getPlayerDetailRoute,
  saveTeam: saveTeamRoute,
  savePick: savePickRoute,
  deletePick: deletePickRoute,
  previewAiTeam: previewAiTeamRoute,
  saveAiTeam: saveAiTeamRoute,
  getUserTeam: getUserTeamRoute,
  getMyScore: getMyScoreRoute,
  getScoreChanges: getScoreChangesRoute,
  getSeasonHistory: getSeasonHistoryRoute,
  listTournaments: listTournamentsRoute,
  importTournament: importTournamentRoute,
  saveTournament: saveTournamentRoute,
  importField: importFieldRoute,
  importResults: importResultsRoute,
  markRoundFinal: markRoundFinalRoute,
  moveDeadline: moveDeadlineRoute,
  getOpsRoundResults: opsRoundResultsRoute,
  getOpsAuditLog: opsAuditLogRoute,
  correctResult: correctResultRoute,
  withdrawPlayer: withdrawPlayerRoute,
  cancelRound: cancelRoundRoute,
  cancelTournament: cancelTournamentRoute,
  runCarryOver: runCarryOverRoute,
  runMigrations: runMigrationsRoute,
  createShareCard: createShareCardRoute,
} as const satisfies Record<string, RouteDefinition>;

import type {
  campaignMasterListNames,
  golfMasterListNames,
  masterListNames,
} from '@golf/shared/schemas/master';

const master = ['master'] as const;
const game = ['game'] as const;
const ranking = ['ranking'] as const;
const quiz = ['quiz'] as const;
const guild = ['guild'] as const;
const prize = ['prize'] as const;
const account = ['account'] as const;
const reminders = ['reminders'] as const;
const ops = ['ops'] as const;

/**
 * Every react-query key of the SPA, and nowhere else (lint refuses a key written by hand). Each key
 * starts with its area's, so `invalidateQueries({ queryKey: queryKeys.guild.all })` reads every guild
 * query again; a key's defaults (`'current'`, `'active'`, `p<page>`) are decided here once, so a
 * query and the call that refreshes it cannot spell them apart.
 */
export const queryKeys = {
  master: {
    common: (list: (typeof masterListNames)[number]) => [...master, 'common', list] as const,
    campaign: (list: (typeof campaignMasterListNames)[number]) => [...master, 'campaign', list] as const,
    /** The season's schedule and the prize lists. */
    golf: (list: (typeof golfMasterListNames)[number]) => [...master, 'golf', list] as const,
  },
  topics: (page: number) => ['topics', page] as const,
  tournamentScore: (gameGlobalId?: string) => ['schedule', 'score', gameGlobalId ?? 'current'] as const,
  /** The player's game: round views, field, score; a team write reads them all again. */
  game: {
    all: game,
    round: (round: number, gameGlobalId?: string) =>
      [...game, 'round', round, gameGlobalId ?? 'current'] as const,
    field: (round: number) => [...game, 'field', round] as const,
    player: (playerId: string) => [...game, 'player', playerId] as const,
    aiPreview: (round: number, type: string) => [...game, 'auto', round, type] as const,
    live: (round: number, gameGlobalId?: string) =>
      [...game, 'live', gameGlobalId ?? 'current', round] as const,
    myScore: (gameGlobalId?: string) => [...game, 'my-score', gameGlobalId ?? 'current'] as const,
    scoreChanges: (gameGlobalId: string, round?: number) =>
      [...game, 'score-changes', gameGlobalId, round ?? 'all'] as const,
    seasonHistory: [...game, 'season-history'] as const,
  },
  /** Every board and the player's own rows; a page is keyed by the rank it holds, or by `p<page>`. */
  ranking: {
    all: ranking,
    /** The personal board's query as its screen holds it. */
    personal: (p: { game_global_id?: string; type: number; round?: number; page: number; rank?: number }) =>
      [
        ...ranking,
        'personal',
        p.game_global_id ?? 'shown',
        p.type,
        p.round ?? 'active',
        p.rank ?? `p${p.page}`,
      ] as const,
    own: (round?: number, gameGlobalId?: string) =>
      [...ranking, 'own', gameGlobalId ?? 'shown', round ?? 'active'] as const,
    guild: (tab: string, round: number | undefined, page: number) =>
      [...ranking, 'guild', tab, round ?? 'active', page] as const,
    yearly: (page: number, rank?: number) => [...ranking, 'yearly', rank ?? `p${page}`] as const,
    yearlyOwn: [...ranking, 'yearly', 'own'] as const,
    quiz: (round: number | undefined, page: number, rank?: number) =>
      [...ranking, 'quiz', round ?? 'active', rank ?? `p${page}`] as const,
    quizOwn: (round?: number) => [...ranking, 'quiz', 'own', round ?? 'active'] as const,
    team: (round: number, userId: string, gameGlobalId?: string) =>
      [...ranking, 'team', gameGlobalId ?? 'current', round, userId] as const,
  },
  quiz: {
    status: [...quiz, 'status'] as const,
    active: [...quiz, 'active'] as const,
    /** Every round's last finished attempt. */
    answeredAll: [...quiz, 'answered'] as const,
    answered: (round: number) => [...quiz, 'answered', round] as const,
  },
  guild: {
    all: guild,
    mine: [...guild, 'mine'] as const,
    list: (name: string, page: number) => [...guild, 'list', name, page] as const,
    show: (id: string) => [...guild, 'show', id] as const,
    members: (id: string) => [...guild, 'members', id] as const,
    manage: (id: string) => [...guild, 'manage', id] as const,
    chat: (id: string) => [...guild, 'chat', id] as const,
    versus: (id: string, round?: number) => [...guild, 'versus', id, round ?? 'active'] as const,
  },
  prize: {
    won: [...prize, 'won'] as const,
    winners: (gameGlobalId: string) => [...prize, 'winners', gameGlobalId] as const,
  },
  account: {
    all: account,
    email: [...account, 'email'] as const,
    me: [...account, 'me'] as const,
    resetLink: (token: string) => [...account, 'reset-link', token] as const,
  },
  reminders: {
    settings: [...reminders, 'settings'] as const,
    saveReceipt: [...reminders, 'save-receipt'] as const,
  },
  /** The operations console; an operator action reads every one of them again. */
  ops: {
    all: ops,
    tournaments: [...ops, 'tournaments'] as const,
    roundResults: (gameGlobalId: string, round: number) =>
      [...ops, 'round-results', gameGlobalId, round] as const,
    prizes: (gameGlobalId: string) => [...ops, 'prizes', gameGlobalId] as const,
    prizePreview: (gameGlobalId: string) => [...ops, 'prize-preview', gameGlobalId] as const,
    rankingStatus: [...ops, 'ranking-status'] as const,
    audit: (gameGlobalId: string) => [...ops, 'audit', gameGlobalId] as const,
  },
};

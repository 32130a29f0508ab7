/** The tournament a ranking is of: the one asked for, or the default one, read from the tournaments. */
import { resolveTournament } from '../../game/tournament-context';

/** The tournament asked for, or the current one. */
export const resolveGame = async (gameGlobalId: string | undefined, now: Date) =>
  gameGlobalId ?? (await resolveTournament(undefined, now)).game_global_id;

/**
 * The tournament a ranking read shows: the one asked for, or the standings screens' default (the
 * tournament just finished stays until the next one's first deadline).
 */
export const resolveShownGame = async (gameGlobalId: string | undefined, now: Date) =>
  gameGlobalId ?? (await resolveTournament(undefined, now, { screen: 'results' })).game_global_id;

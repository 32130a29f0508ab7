/**
 * Named lists of the partitions route rows touch (their `aws.keys`), shared by the rows of several
 * areas (shared/src/routes/). A row's list is the union of the named lists it needs. Apart from the
 * rows, so that a handler's bundle holds only its own area's.
 */

/**
 * The union of partition lists, sorted: every row's lists keep that one order, so composing a list
 * never moves a grant in the synthesized policies. A row names its lists through constants and calls
 * this outside the row: the bundler holds a call in another module to have effects, and would keep
 * every row of the area that makes one in each handler's bundle.
 */
/* @__NO_SIDE_EFFECTS__ */
export function partitions<P extends string>(...lists: ReadonlyArray<readonly P[]>): P[] {
  return [...new Set(lists.flat())].sort();
}

/** A signed-in caller: the login, the revoked sessions and the user. */
export const sessionReads = ['LOGIN#', 'REVOKED#', 'USER#'] as const;

/** A tournament with its round gates and its operators' audit. */
export const tournamentReads = ['AUDIT#', 'ROUNDLOCK#', 'TOURNAMENT#'] as const;

/** The saved teams of a round and their sums. */
export const teamReads = ['TEAM#', 'TEAMSUM#'] as const;

/** The published rankings and the ranking job's lease. */
export const rankingReads = ['RANK#', 'RANKIDX#', 'RANKLEASE', 'RANKPTR#', 'RANKVAL#'] as const;

/** A player's guild and its chat. */
export const guildReads = ['GUILD#', 'GUILD_CHAT#'] as const;

/** Views of a round for a signed-in caller: the tournament, its field and the teams. */
export const roundViewReads = partitions(sessionReads, tournamentReads, teamReads, ['PLAYER#']);

/** What a ranking board shows: a round's view, the rankings, the guilds and the quiz scores. */
export const rankingBoardReads = partitions(roundViewReads, rankingReads, guildReads, [
  'QUIZ#',
  'QUIZSCORE#',
]);

/** Views of the rankings: a board, and the rate limits. */
export const rankingViewReads = partitions(rankingBoardReads, ['RATE#']);

/** Lists of a tournament's prizes (the golf master list, the operators' prize list). */
export const prizeListKeys = {
  read: partitions(sessionReads, tournamentReads, ['PRIZE#']),
  index: ['PRIZES#', 'TOURNAMENTS'],
} as const;

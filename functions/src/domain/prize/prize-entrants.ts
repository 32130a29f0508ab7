/**
 * A tournament's entrants as its prizes see them (docs/game-rules.md, 賞品): each user with a team in
 * a played round, his tournament score, whether he entered every round played, and his last round's
 * team. Pure: `prize-draw-service.ts` reads the tournament and its teams.
 *
 * The score is the personal ranking's own SCORE (shared/src/game/personal-ranking.ts, `scoreRanking`)
 * over the round records the ranking recompute makes (`playedRound`, `userRounds`), so a prize is
 * decided by the standings the players see: a no-team round counts 4 x its penalty, a team still
 * pending adds nothing (the draw runs on final results, where none is).
 */
import { scoreRanking } from '@golf/shared/game/personal-ranking';
import { playerRoundScore } from '@golf/shared/game/scoring';
import type { FieldEntryRecord, TournamentRecord } from '@golf/shared/schedule/tournament-record';
import type { TeamRecord } from '../../db/repositories/team-repository';
import { indexTournamentRound } from '../game/team-scoring';
import { playedRound, userRounds } from '../ranking/rules/round-records';

interface PrizeEntrant {
  userId: string;
  /** His tournament score (SCORE); null when no round of his is scored (he is then no rank candidate). */
  score: number | null;
  enteredEveryRound: boolean;
  lastTeam: string[] | null;
  lastSavedAt: string | null;
}

export interface PrizeEntrants {
  entrants: PrizeEntrant[];
  /** Each player's tournament total over the rounds played, penalties included (tie-break 2). */
  playerTotals: Map<string, number>;
}

/** The entrants of a tournament from its played (not cancelled) rounds' teams, `teams[i]` for `rounds[i]`. */
export function prizeEntrants(
  record: TournamentRecord,
  field: readonly FieldEntryRecord[],
  rounds: readonly number[],
  teams: ReadonlyArray<Iterable<TeamRecord>>,
  now: Date,
): PrizeEntrants {
  const played = rounds.map((round, i) => playedRound(record, field, round, teams[i]!, now));
  const indexed = rounds.map((round) => indexTournamentRound(record, field, round, now));
  const playerTotals = new Map<string, number>();
  for (const entry of field) {
    let total = 0;
    let complete = true;
    for (const round of indexed) {
      const score = playerRoundScore(round.byPlayer.get(entry.player_id), round.penalty);
      if (score.kind === 'pending') complete = false;
      else total += score.to_par;
    }
    if (complete) playerTotals.set(entry.player_id, total);
  }
  const { userIds, byUser } = userRounds({ record, rounds: played });
  const last = played.at(-1)!;
  const entrants = userIds.map((userId) => {
    const lastTeam = last.scores.get(userId);
    return {
      userId,
      score: scoreRanking.metric(byUser.get(userId)!),
      enteredEveryRound: played.every(({ scores }) => scores.has(userId)),
      lastTeam: lastTeam?.player_ids ?? null,
      lastSavedAt: lastTeam?.last_saved_at ?? null,
    };
  });
  return { entrants, playerTotals };
}

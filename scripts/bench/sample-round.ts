/**
 * The sample season's rounds that the load benchmarks play: the current tournament's last started
 * round (the round end) and the round after it, still open (the deadline), with the players a team
 * of the open round may pick.
 */
import { ineligibility } from '../../functions/src/domain/game/players';
import { currentTournament, deriveSchedule } from '../../shared/src/schedule/derive-schedule';
import { generateSampleSeason } from '../seed/generate';

export function sampleRounds(now: Date) {
  const season = generateSampleSeason(now);
  const current = currentTournament(
    season.tournaments.map((r) => ({ ...deriveSchedule(r, now), record: r })),
  )!;
  const gameGlobalId = current.record.game_global_id;
  const passed = current.record.rounds.filter((r) => Date.parse(r.deadline_at) <= now.getTime());
  const round = passed.at(-1)!.round;
  const openRound = round + 1;
  const field = season.fields.filter((entry) => entry.game_global_id === gameGlobalId);
  /** Eligible player ids of the open round. */
  const pool = field.filter((entry) => !ineligibility(entry, openRound)).map((entry) => entry.player_id);
  return { season, gameGlobalId, round, openRound, pool };
}

/** The team of save `index` of player `player`: 4 distinct pool players, never the previous four. */
export const teamOfSave = (pool: readonly string[], player: number, index: number): string[] =>
  [0, 1, 2, 3].map((slot) => pool[(player * 7 + index * 4 + slot) % pool.length]!);

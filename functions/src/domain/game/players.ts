/**
 * Players as the game shows them: eligibility for a round, the stats AI selection reads, and the
 * six 0-100 indicators of the easy mode's radar chart.
 */
import type { PlayerStats } from '@golf/shared/game/ai-selection';
import { statusAsOf, statusIneligibility } from '@golf/shared/game/player-status';
import type { FieldEntryRecord } from '@golf/shared/schedule/tournament-record';
import type { Indicators, PlayerSummary, SeasonStats } from '@golf/shared/schemas/game';
import type { Schedule } from '@golf/shared/schemas/schedule';
import type { PlayerProfileRecord } from '../../db/repositories/player-repository';

const PAR = 72;

export type IneligibleReason = 'wd' | 'dq' | 'cut' | 'not_in_field';

/**
 * Why a player cannot be picked for a round, or null when he can (`statusIneligibility`; a player
 * not in the field cannot be picked either). `asOf` (a round's deadline) reads the status recorded before that instant only, so the team of a
 * round is decided by what was known at its deadline, whenever the settlement runs.
 */
export function ineligibility(
  entry: FieldEntryRecord | undefined,
  round: number,
  asOf?: string,
): IneligibleReason | null {
  if (!entry) return 'not_in_field';
  return statusIneligibility(asOf === undefined ? entry.status : statusAsOf(entry, asOf, round), round);
}

export const ineligibleMessages: Record<IneligibleReason, string> = {
  wd: 'この選手は棄権したため選択できません。',
  dq: 'この選手は失格となったため選択できません。',
  cut: 'この選手は予選落ちのため第3・第4ラウンドでは選択できません。',
  not_in_field: 'この選手は今大会に出場していません。',
};

export function seasonStats(profile: PlayerProfileRecord | undefined): SeasonStats {
  const stats = profile?.stats ?? {};
  const value = (name: keyof SeasonStats) => {
    const v = stats[name];
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  };
  return {
    average_score: value('average_score'),
    driving_distance: value('driving_distance'),
    fairway_rate: value('fairway_rate'),
    green_in_regulation_rate: value('green_in_regulation_rate'),
    average_putts: value('average_putts'),
    scrambling_rate: value('scrambling_rate'),
    birdie_rate: value('birdie_rate'),
    top10_count: value('top10_count'),
    earnings_yen: value('earnings_yen'),
  };
}

export function playerSummary(entry: FieldEntryRecord, profile?: PlayerProfileRecord): PlayerSummary {
  return {
    player_id: entry.player_id,
    name: entry.name,
    name_kana: entry.name_kana,
    country: entry.country,
    world_rank: entry.world_rank,
    is_amateur: entry.is_amateur,
    photo_url: profile?.photo_url ?? null,
    status: entry.status,
  };
}

/** Rounds whose results count in a player's tournament figures: provisional or final, never cancelled. */
export function roundsWithResults(schedule: Pick<Schedule, 'rounds'>): Set<number> {
  return new Set(
    schedule.rounds.filter((r) => r.status === 'provisional' || r.status === 'final').map((r) => r.round),
  );
}

export interface TournamentFigures {
  /** To-par of each round 1-4 that counts, the round being played included; null for the others. */
  rounds: Array<number | null>;
  /** Their sum: the leaderboard's total, the player's page and the draft lists alike. */
  total_to_par: number | null;
  /** Strokes of the completed rounds that count. */
  total_strokes: number | null;
  /** Holes played in the round under way; 18 once a round is done; null before any. */
  thru: number | null;
}

/** A player's tournament figures, computed once for every screen that shows them. */
export function tournamentFigures(
  entry: FieldEntryRecord | undefined,
  counted: ReadonlySet<number>,
): TournamentFigures {
  const results = entry?.rounds ?? [null, null, null, null];
  const rounds = results.map((result, index) =>
    counted.has(index + 1) && result && result.to_par !== null ? result.to_par : null,
  );
  const played = rounds.filter((value): value is number => value !== null);
  const strokes = results
    .map((result, index) => (counted.has(index + 1) && result?.completed ? result.strokes : null))
    .filter((value): value is number => value !== null);
  const inProgress = results.find((result) => result && !result.completed);
  return {
    rounds,
    total_to_par: played.length ? played.reduce((sum, value) => sum + value, 0) : null,
    total_strokes: strokes.length ? strokes.reduce((sum, value) => sum + value, 0) : null,
    thru: inProgress ? inProgress.thru : played.length ? 18 : null,
  };
}

/** Completed round to-pars of this tournament before `round`, most recent first. */
function recentToPar(entry: FieldEntryRecord, beforeRound: number): number[] {
  const values: number[] = [];
  for (let index = Math.min(beforeRound, 5) - 2; index >= 0; index--) {
    const result = entry.rounds[index];
    if (result?.completed && result.to_par !== null) values.push(result.to_par);
  }
  return values;
}

/** The stats AI selection reads: season average from the profile, recent form from this tournament. */
export function aiStats(
  entry: FieldEntryRecord,
  profile: PlayerProfileRecord | undefined,
  round: number,
): PlayerStats {
  const stats = seasonStats(profile);
  return {
    player_id: entry.player_id,
    world_rank: entry.world_rank,
    season_avg_to_par:
      stats.average_score === null ? null : Math.round((stats.average_score - PAR) * 100) / 100,
    recent_to_par: recentToPar(entry, round),
    to_par_stddev: null,
    birdie_rate: stats.birdie_rate,
    top10_count: stats.top10_count,
    driving_distance: stats.driving_distance,
    fairway_pct: stats.fairway_rate,
    gir_pct: stats.green_in_regulation_rate,
    putts_per_round: stats.average_putts,
    scrambling_pct: stats.scrambling_rate,
  };
}

/**
 * The radar chart: each indicator is the player's standing in the field, 0-100, higher = better:
 * the share of the other players he is better than, ties counted half (a percentile rank). It
 * spreads over the field's real order, so a stat that varies little still tells players apart and
 * one outlier does not squeeze everybody else to one end. distance = driving distance; accuracy =
 * fairway rate; approach = greens in regulation; putting = average putts (fewer is better); scoring
 * = season average score (lower is better); form = the AI `condition` value (lower is better).
 * Unknown values score 0; a stat equal for everybody scores 50.
 */
export function indicatorsFor(
  players: ReadonlyArray<{ player_id: string; stats: SeasonStats; condition: number }>,
): Map<string, Indicators> {
  const scale = (values: Array<number | null>, higherIsBetter: boolean) => {
    const known = values
      .filter((v): v is number => v !== null)
      .map((v) => (higherIsBetter ? v : -v))
      .sort((a, b) => a - b);
    /** The index of the first known value above `v` (strictly, or from `v` on when `orEqual`). */
    const firstFrom = (v: number, orEqual: boolean) => {
      let low = 0;
      let high = known.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (known[mid]! < v || (!orEqual && known[mid] === v)) low = mid + 1;
        else high = mid;
      }
      return low;
    };
    return values.map((value) => {
      if (value === null) return 0;
      if (known.length < 2) return 50;
      const v = higherIsBetter ? value : -value;
      const worse = firstFrom(v, true);
      const equal = firstFrom(v, false) - worse;
      return Math.round((100 * (worse + (equal - 1) / 2)) / (known.length - 1));
    });
  };
  const distance = scale(
    players.map((p) => p.stats.driving_distance),
    true,
  );
  const accuracy = scale(
    players.map((p) => p.stats.fairway_rate),
    true,
  );
  const approach = scale(
    players.map((p) => p.stats.green_in_regulation_rate),
    true,
  );
  const putting = scale(
    players.map((p) => p.stats.average_putts),
    false,
  );
  const scoring = scale(
    players.map((p) => p.stats.average_score),
    false,
  );
  const form = scale(
    players.map((p) => p.condition),
    false,
  );
  return new Map(
    players.map((p, i) => [
      p.player_id,
      {
        distance: distance[i]!,
        accuracy: accuracy[i]!,
        approach: approach[i]!,
        putting: putting[i]!,
        scoring: scoring[i]!,
        form: form[i]!,
      },
    ]),
  );
}

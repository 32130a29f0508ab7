/**
 * Players as the game shows them: eligibility for a round, the stats AI selection reads, and the
 * six 0-100 indicators of the easy mode's radar chart.
 */
import type { PlayerStats } from '@golf/shared/game/ai-selection';
import { statusAsOf } from '@golf/shared/game/player-status';
import type { FieldEntryRecord } from '@golf/shared/schedule/tournament-record';
import type { Indicators, PlayerSummary, SeasonStats } from '@golf/shared/schemas/game';
import type { PlayerProfileRecord } from '../../db/repositories/player-repository';

export const PAR = 72;

export type IneligibleReason = 'wd' | 'dq' | 'cut' | 'not_in_field';

/**
 * Why a player cannot be picked for a round, or null when he can. A withdrawn or disqualified
 * player is out for every later round; a missed cut (an explicit status from the feed) is out for
 * rounds 3-4. Cut happens after round 2, so for rounds 1-2 every active player is eligible.
 * `asOf` (a round's deadline) reads the status recorded before that instant only, so the team of a
 * round is decided by what was known at its deadline, whenever the settlement runs.
 */
export function ineligibility(
  entry: FieldEntryRecord | undefined,
  round: number,
  asOf?: string,
): IneligibleReason | null {
  if (!entry) return 'not_in_field';
  const status = asOf === undefined ? entry.status : statusAsOf(entry, asOf, round);
  if (status === 'wd' || status === 'dq') return status;
  if (status === 'cut' && round >= 3) return 'cut';
  return null;
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

/** Completed round to-pars of this tournament before `round`, most recent first. */
export function recentToPar(entry: FieldEntryRecord, beforeRound: number): number[] {
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
 * The radar chart: each indicator min-max scaled over the given players to 0-100, higher = better.
 * distance = driving distance; accuracy = fairway rate; approach = greens in regulation;
 * putting = average putts (fewer is better); scoring = season average score (lower is better);
 * form = the AI `condition` value (lower is better). Unknown values score 0; a stat equal for
 * everybody scores 50.
 */
export function indicatorsFor(
  players: ReadonlyArray<{ player_id: string; stats: SeasonStats; condition: number }>,
): Map<string, Indicators> {
  const scale = (values: Array<number | null>, higherIsBetter: boolean) => {
    const known = values.filter((v): v is number => v !== null);
    const min = Math.min(...known);
    const max = Math.max(...known);
    return values.map((v) => {
      if (v === null) return 0;
      if (max === min) return 50;
      const share = (v - min) / (max - min);
      return Math.round(100 * (higherIsBetter ? share : 1 - share));
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

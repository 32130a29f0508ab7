import type { PlayerStats } from './ai-selection';

/** A player for tests of the AI selection: every stat unknown but the ones given. */
export const playerWithStats = (player_id: string, stats: Partial<PlayerStats> = {}): PlayerStats => ({
  player_id,
  world_rank: null,
  season_avg_to_par: null,
  recent_to_par: [],
  to_par_stddev: null,
  birdie_rate: null,
  top10_count: null,
  driving_distance: null,
  fairway_pct: null,
  gir_pct: null,
  putts_per_round: null,
  scrambling_pct: null,
  ...stats,
});

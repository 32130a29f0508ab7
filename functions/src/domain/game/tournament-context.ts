import { pickTeam, aiScore, type AiMode, type PlayerStats } from '@golf/shared/game/ai-selection';
import {
  defaultTournament,
  deriveSchedule,
  type TournamentScreen,
} from '@golf/shared/schedule/derive-schedule';
import type { FieldEntryRecord, TournamentRecord } from '@golf/shared/schedule/tournament-record';
import { playerRepository, type PlayerProfileRecord } from '../../db/repositories/player-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { config } from '../../lib/config';
import { notFound } from '../../lib/errors';
import { ReadCache } from '../../lib/read-cache';
import { aiStats, ineligibility } from './players';
import { hostTimeMs } from '../../lib/clock';

/**
 * The round pages and team saves of a crowd read the same tournament, field and profiles: with
 * `cached`, an instance keeps them for `ROUND_READ_CACHE_MS` (concurrent misses share one read).
 * Nothing is decided from that copy alone: a save's write checks the deadline and each new player's
 * eligibility in its own condition (team-repository `guardedPut`), so a copy a few seconds old can
 * only make an answer refuse or accept what the write then decides. Writers in the same instance
 * clear it (`clearReadCaches`); others see a change within the TTL.
 */
const records = new ReadCache<TournamentRecord | undefined>(0);
const lists = new ReadCache<TournamentRecord[]>(0);
const fields = new ReadCache<FieldEntryRecord[]>(0);
const profileMaps = new ReadCache<Map<string, PlayerProfileRecord>>(0);

interface ReadOptions {
  /** Reuse this instance's copy of the last few seconds (round pages and saves). */
  cached?: boolean;
}

function read<V>(cache: ReadCache<V>, key: string, load: () => Promise<V>, options: ReadOptions): Promise<V> {
  const ttl = options.cached ? config().ROUND_READ_CACHE_MS : 0;
  return ttl > 0 ? cache.get(key, load, hostTimeMs(), ttl) : load();
}

/**
 * The tournament asked for, or when no id is given the one `screen` shows by default (the game's
 * current tournament unless told `results`: `defaultTournament`); 404 when there is none.
 */
export async function resolveTournament(
  gameGlobalId: string | undefined,
  now: Date,
  options: ReadOptions & { screen?: TournamentScreen } = {},
): Promise<TournamentRecord> {
  let record: TournamentRecord | undefined;
  if (gameGlobalId)
    record = await read(records, gameGlobalId, () => tournamentRepository.get(gameGlobalId), options);
  else {
    const all = await read(lists, 'all', () => tournamentRepository.list(), options);
    record = defaultTournament(
      options.screen ?? 'picks',
      all.map((r) => ({ ...deriveSchedule(r, now), record: r })),
    )?.record;
  }
  if (!record) throw notFound('大会が見つかりませんでした。');
  return record;
}

export interface RoundContext {
  record: TournamentRecord;
  round: number;
  field: FieldEntryRecord[];
  byId: Map<string, FieldEntryRecord>;
  profiles: Map<string, PlayerProfileRecord>;
  /** AI stats of the players eligible for the round. */
  eligible: PlayerStats[];
}

export async function loadRoundContext(
  record: TournamentRecord,
  round: number,
  /** `asOf`: eligibility from the statuses recorded before this instant (a round's deadline). */
  options: { profiles?: boolean; asOf?: string } & ReadOptions = {},
): Promise<RoundContext> {
  const gameGlobalId = record.game_global_id;
  const field = await read(fields, gameGlobalId, () => tournamentRepository.field(gameGlobalId), options);
  const profiles =
    options.profiles === false
      ? new Map<string, PlayerProfileRecord>()
      : await read(
          profileMaps,
          gameGlobalId,
          () => playerRepository.getMany(field.map((e) => e.player_id)),
          options,
        );
  const byId = new Map(field.map((entry) => [entry.player_id, entry]));
  const eligible = field
    .filter((entry) => ineligibility(entry, round, options.asOf) === null)
    .map((entry) => aiStats(entry, profiles.get(entry.player_id), round));
  return { record, round, field, byId, profiles, eligible };
}

/** The AI team of a mode for the round, best first, and each player's value. */
export function aiTeam(context: RoundContext, mode: AiMode): Array<{ player_id: string; value: number }> {
  const byId = new Map(context.eligible.map((s) => [s.player_id, s]));
  return pickTeam(mode, context.eligible).map((id) => ({
    player_id: id,
    value: aiScore(mode, byId.get(id)!),
  }));
}

/**
 * A synthetic season for the ranking benchmarks, generated in memory and never stored: `n` users
 * with UUID-shaped ids (as the identity provider issues them), their 7 personal metrics after one
 * round, Japanese nicknames and guild memberships. Deterministic for a given `n`.
 */
import type { TournamentRecord } from '@golf/shared/schedule/tournament-record';
import { familyNames, givenNames } from '../seed/names';
import type { GuildIndex } from '../../functions/src/domain/ranking/rules/guild-boards';

/** A linear congruential generator: the same season on every run. */
function random(seed: number) {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) >>> 0) / 0x1_0000_0000;
}

/**
 * Texts as the job holds them: parsed from the frozen teams' JSON and DynamoDB's answers, each one
 * flat in memory. A template literal's result is a rope of its parts, which every later read of a
 * character walks (hashing a million ids into buckets took 8 times as long).
 */
const flat = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** `n` random version-4 UUIDs (as the identity provider issues them), sorted; distinct by construction. */
function userIdsOf(n: number) {
  const rnd = random(1234);
  const hex = (digits: number) =>
    Array.from({ length: digits }, () => Math.floor(rnd() * 16).toString(16)).join('');
  const ids = Array.from(
    { length: n },
    // The last 8 digits are the index times an odd constant (mod 2^32): distinct, and as random-looking.
    (_, i) =>
      `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(4)}${(Math.imul(i, 0x9e3779b1) >>> 0).toString(16).padStart(8, '0')}`,
  ).sort();
  return flat(ids);
}

/** User ids (sorted, as the recompute holds them) and metrics[t - 1][i]; NaN = no entry (2%). */
export function syntheticMetrics(n: number) {
  const rnd = random(42);
  const userIds = userIdsOf(n);
  const metrics = [0, 1, 2, 3, 4, 5, 6].map((t) => {
    const a = new Float64Array(n);
    for (let i = 0; i < n; i++)
      a[i] =
        rnd() < 0.02
          ? NaN
          : t === 0
            ? Math.round(rnd() * 60 - 30)
            : t >= 5
              ? Math.round(rnd() * 1000) / 1000
              : Math.floor(rnd() * 20);
    return a;
  });
  return { userIds, metrics };
}

/** Guilds of this many members; the first `guildShare` of users belong to one. */
const guildSize = 25;
const guildShare = 0.3;
const suffixes = ['', 'ゴルフ', 'プロ', '@週末', 'ちゃん', 'さん', '部長', '29'];

/**
 * Nicknames for all but 1% of users (those rank as withdrawn) and guild memberships: 30% of users
 * in guilds of 25, each guild with a 26-character id and a Japanese name.
 */
export function syntheticMembers(userIds: readonly string[]) {
  const rnd = random(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const profiles = new Map<string, { nickname: string }>();
  for (const id of userIds)
    if (rnd() >= 0.01)
      profiles.set(id, { nickname: flat(`${pick(familyNames)[0]}${pick(givenNames)[0]}${pick(suffixes)}`) });
  const guildOf = new Map<string, string>();
  const names = new Map<string, string>();
  const members = Math.floor(userIds.length * guildShare);
  for (let i = 0; i < members; i++) {
    const guildId = flat(
      `01JBENCHGUILD${Math.floor(i / guildSize)
        .toString()
        .padStart(13, '0')}`,
    );
    guildOf.set(userIds[i]!, guildId);
    if (!names.has(guildId)) names.set(guildId, flat(`${pick(familyNames)[0]}ゴルフ部${names.size + 1}`));
  }
  const guilds: GuildIndex = { guildOf, names };
  return { profiles, guilds };
}

/** The synthetic season's tournament: round 1 played, its results provisional. */
export function syntheticTournament(): TournamentRecord {
  return {
    game_global_id: '2026-06',
    season_id: 2026,
    tournament_name: 'ベンチマーク選手権',
    venue: 'ベンチマークカントリー倶楽部',
    start_on: '2026-06-04',
    end_on: '2026-06-07',
    cancelled: false,
    rounds: [1, 2, 3, 4].map((round) => ({
      round,
      play_on: `2026-06-0${3 + round}`,
      deadline_at: `2026-06-0${3 + round}T22:00:00.000Z`,
      results: round === 1 ? 'provisional' : 'none',
      cancelled: false,
      deadline_note: null,
    })),
  };
}

/**
 * The guild boards of a round scope (docs/game-rules.md, guild rankings): guilds ranked by their
 * entered members' average SCORE and by the sum of their best 4, and each guild's members ranked
 * among themselves; a round's members are those at its deadline. Pure: the recompute reads the
 * memberships and guilds, and packs the boards.
 */
import { formatToPar } from '@golf/shared/game/format';
import { guildAtDeadline, type MembershipPeriod } from '@golf/shared/game/guild-membership';
import { formatGuildAverage, guildAverageOf } from '@golf/shared/game/guild-versus';
import { boardIndexOf, competitionRanking, entryRanks } from '@golf/shared/game/ranking';
import type { StoredRankingRow } from '@golf/functions/db/repositories/ranking-pages/ranking-repository';
import type { BoardOrder, GroupedOrder } from './board-order';

/** Each ranked user's guild in one round scope, and each guild's name. */
export interface GuildIndex {
  guildOf: ReadonlyMap<string, string>;
  names: ReadonlyMap<string, string>;
}

/** Each ranked user's memberships (past and current), and each of those guilds' name. */
export interface GuildMemberships {
  periodsOf: ReadonlyMap<string, readonly MembershipPeriod[]>;
  names: ReadonlyMap<string, string>;
}

/** What the public guild boards call an unlisted guild (docs/game-rules.md, guild rankings). */
const unlistedGuildName = '非公開ギルド';

/**
 * Each ranked user's memberships and the name each of `guilds` has on the boards. An unlisted
 * guild is ranked like any other but named on the public boards (and so in guild vs guild) as
 * `unlistedGuildName`. A guild missing from `guilds` (no longer stored) is left off the boards.
 */
export function guildMemberships(
  periodsOf: ReadonlyMap<string, readonly MembershipPeriod[]>,
  guilds: ReadonlyArray<{ guild_id: string; name: string; is_public: boolean }>,
): GuildMemberships {
  const names = new Map(
    guilds.map((guild) => [guild.guild_id, guild.is_public === true ? guild.name : unlistedGuildName]),
  );
  return { periodsOf, names };
}

/**
 * The guilds of a round scope: each user counts for the guild he was a member of at the round's
 * deadline (shared/src/game/guild-membership.ts), so who joins or leaves later moves nothing.
 */
export function guildIndexAt(memberships: GuildMemberships, deadline: string): GuildIndex {
  const guildOf = new Map<string, string>();
  for (const [userId, periods] of memberships.periodsOf) {
    const guildId = guildAtDeadline(periods, deadline);
    if (guildId !== null) guildOf.set(userId, guildId);
  }
  return { guildOf, names: memberships.names };
}

/** A round scope's guild boards: the guilds' two rankings, and each guild's members ranked. */
export interface GuildBoards {
  GUILD: StoredRankingRow[];
  GUILD_TOP4: StoredRankingRow[];
  /** The guilds with members on the boards, and their members' boards (guild g's is group g). */
  ids: string[];
  members: GroupedOrder;
}

/**
 * The guild boards of one round scope from the members' SCORE and its ranking: `GUILD` ranks guilds
 * by the average of the members who entered, `GUILD_TOP4` by the sum of their best 4 (guilds with 4
 * entered members or more), `GM#{id}` ranks one guild's members among themselves. Lower is better
 * on all. Guilds come in the order of their first member (ties keep it); a guild's members come in
 * the SCORE ranking's order, so equal scores stay in user order. Typed arrays, no row per member.
 */
export function guildBoards(
  userIds: readonly string[],
  /** scores[i]: user i's SCORE (NaN = not entered). */
  scores: Float64Array,
  /** The entered users ranked by SCORE. */
  ranked: BoardOrder,
  guilds: GuildIndex,
): GuildBoards {
  const ids: string[] = [];
  const slots = new Map<string, number>();
  const slotAt = new Int32Array(userIds.length).fill(-1);
  for (let i = 0; i < userIds.length; i++) {
    if (Number.isNaN(scores[i]!)) continue;
    const guildId = guilds.guildOf.get(userIds[i]!);
    if (guildId === undefined || !guilds.names.has(guildId)) continue;
    let slot = slots.get(guildId);
    if (slot === undefined) {
      slot = ids.length;
      slots.set(guildId, slot);
      ids.push(guildId);
    }
    slotAt[i] = slot;
  }
  // Each guild's members counted and their scores summed in user order; then placed in SCORE order.
  const count = ids.length;
  const starts = new Uint32Array(count + 1);
  const totals = new Float64Array(count);
  for (let i = 0; i < userIds.length; i++) {
    const slot = slotAt[i]!;
    if (slot < 0) continue;
    starts[slot + 1]!++;
    totals[slot]! += scores[i]!;
  }
  for (let g = 0; g < count; g++) starts[g + 1]! += starts[g]!;
  const order = new Uint32Array(starts[count]!);
  const next = starts.slice(0, count);
  for (const user of ranked.order) if (slotAt[user]! >= 0) order[next[slotAt[user]!]!++] = user;
  const rankAt = new Uint32Array(order.length);
  const averages = new Float64Array(count);
  const top4: number[] = [];
  const top4Slots: number[] = [];
  for (let g = 0; g < count; g++) {
    const start = starts[g]!;
    const end = starts[g + 1]!;
    entryRanks(
      boardIndexOf(end - start, (k) => scores[order[start + k]!]!),
      rankAt,
      start,
    );
    averages[g] = guildAverageOf(totals[g]!, end - start);
    if (end - start < 4) continue;
    let best = 0;
    for (let p = start; p < start + 4; p++) best += scores[order[p]!]!;
    top4.push(best);
    top4Slots.push(g);
  }
  const board = (
    values: ArrayLike<number>,
    slotOf: (entry: number) => number,
    display: (value: number) => string,
  ) => {
    const ranking = competitionRanking(values, 'lower');
    return Array.from(ranking.order, (entry, p): StoredRankingRow => {
      const guildId = ids[slotOf(entry)]!;
      return {
        rank: ranking.rankAt[p]!,
        user_id: guildId,
        guild_id: guildId,
        nickname: guilds.names.get(guildId)!,
        value: values[entry]!,
        display_value: display(values[entry]!),
        is_withdrawn: false,
      };
    });
  };
  return {
    GUILD: board(averages, (entry) => entry, formatGuildAverage),
    GUILD_TOP4: board(top4, (entry) => top4Slots[entry]!, formatToPar),
    ids,
    members: { order, rankAt, starts },
  };
}

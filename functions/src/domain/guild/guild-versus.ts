/**
 * Guild vs guild on a guild's page: its average for a round against the guilds ranked just above and
 * below it, read from the published guild ranking. Besides the pointer, two round trips whatever the
 * number of guilds: the guild's member page (its average) with the board's index (its rank and the
 * neighbours' positions), then the one or two stored pages holding the neighbours.
 */
import {
  formatAverageGap,
  formatGuildAverage,
  guildAverageScore,
  versusPositions,
} from '@golf/shared/game/guild-versus';
import type { GuildVersus, VersusGuild } from '@golf/shared/schemas/guild';
import {
  rankingRepository,
  type StoredRankingRow,
} from '../../db/repositories/ranking-pages/ranking-repository';
import { SNAPSHOT_PAGE_SIZE } from '../ranking/rules/board-order';
import { guildMemberRows } from '../ranking/read/ranking-read';
import { resolveGame } from '../ranking/io/ranking-tournament';
import { requireVisibleGuild } from './guild-service';

const pageOf = (position: number) => Math.floor(position / SNAPSHOT_PAGE_SIZE) + 1;

/** The rows at the given 0-based positions of a board: one Query when they sit on adjacent pages. */
async function rowsAt(
  snapshotId: string,
  round: number,
  board: string,
  positions: number[],
): Promise<Map<number, StoredRankingRow>> {
  const pages = [...new Set(positions.map(pageOf))].sort((a, b) => a - b);
  const spans =
    pages.length === 2 && pages[1]! - pages[0]! > 1
      ? [
          [pages[0]!, pages[0]!],
          [pages[1]!, pages[1]!],
        ]
      : pages.length
        ? [[pages[0]!, pages.at(-1)!]]
        : [];
  const read = await Promise.all(
    spans.map(async ([from, to]) => ({
      from: from!,
      rows: await rankingRepository.readPages(snapshotId, round, board, from!, to!),
    })),
  );
  const found = new Map<number, StoredRankingRow>();
  for (const position of positions) {
    const span = read.find(({ from, rows }) => {
      const offset = position - (from - 1) * SNAPSHOT_PAGE_SIZE;
      return offset >= 0 && offset < rows.length;
    });
    const row = span?.rows[position - (span.from - 1) * SNAPSHOT_PAGE_SIZE];
    if (row) found.set(position, row);
  }
  return found;
}

const neighbour = (row: StoredRankingRow | undefined, value: number) =>
  row
    ? {
        guild_id: row.guild_id ?? row.user_id,
        name: row.nickname,
        rank: row.rank,
        value: row.value,
        display_value: row.display_value,
        gap: Math.round(Math.abs(row.value - value) * 10) / 10,
        gap_display: formatAverageGap(row.value - value),
      }
    : null;

export async function guildVersus(input: {
  userId: string;
  guildId: string;
  gameGlobalId?: string | undefined;
  round?: number | undefined;
  now: Date;
}): Promise<GuildVersus> {
  const guild = await requireVisibleGuild(input.guildId, input.userId);
  const gameId = await resolveGame(input.gameGlobalId, input.now);
  const pointer = await rankingRepository.getPointer(gameId);
  const round = input.round ?? pointer?.active_round ?? 1;
  const scope = pointer?.scopes[String(round)];
  const base = {
    game_global_id: gameId,
    round,
    active_round: pointer?.active_round ?? null,
    is_provisional: scope?.provisional ?? true,
    snapshot_id: pointer?.snapshot_id ?? null,
    guild_count: scope?.boards?.['GUILD'] ?? 0,
    guild: null,
    above: null,
    below: null,
  };
  if (!pointer || !scope) return base;
  const holder = scope.snapshot_id ?? pointer.snapshot_id;
  const [members, index] = await Promise.all([
    guildMemberRows(holder, round, guild.guild_id),
    rankingRepository.readBoardIndex(holder, round, 'GUILD'),
  ]);
  if (members.length === 0 || !index) return base;
  const value = guildAverageScore(members.map((row) => row.value));
  const found = versusPositions(index, value);
  if (!found) return base;
  const wanted = [found.above, found.below].filter((p): p is number => p !== null);
  const rows = await rowsAt(holder, round, 'GUILD', wanted);
  const own: VersusGuild = {
    guild_id: guild.guild_id,
    name: guild.name,
    rank: found.rank,
    value,
    display_value: formatGuildAverage(value),
  };
  return {
    ...base,
    guild_count: found.total,
    guild: own,
    above: neighbour(found.above === null ? undefined : rows.get(found.above), value),
    below: neighbour(found.below === null ? undefined : rows.get(found.below), value),
  };
}

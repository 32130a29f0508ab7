import type { LeaderboardRow } from '@golf/shared/schemas/schedule';
import type { FieldEntryRecord } from '@golf/shared/schedule/tournament-record';
import { tournamentFigures } from './game/players';

const statusOrder = { active: 0, cut: 1, wd: 2, dq: 3 } as const;

/**
 * The tournament leaderboard: players still in contention by total to par, then missed cuts,
 * withdrawals and disqualifications. Positions are shared on ties ("T3") and given only to
 * players in contention with at least one completed round.
 */
export function buildLeaderboard(
  field: FieldEntryRecord[],
  countedRounds: ReadonlySet<number>,
): LeaderboardRow[] {
  const rows = field.map((entry) => {
    const figures = tournamentFigures(entry, countedRounds);
    return {
      player_id: entry.player_id,
      name: entry.name,
      name_kana: entry.name_kana,
      country: entry.country,
      position: null as string | null,
      status: entry.status,
      ...figures,
    } satisfies LeaderboardRow;
  });

  rows.sort(
    (a, b) =>
      statusOrder[a.status] - statusOrder[b.status] ||
      (a.total_to_par ?? Number.MAX_SAFE_INTEGER) - (b.total_to_par ?? Number.MAX_SAFE_INTEGER) ||
      a.name_kana.localeCompare(b.name_kana, 'ja') ||
      a.player_id.localeCompare(b.player_id),
  );

  const contenders = rows.filter((row) => row.status === 'active' && row.total_to_par !== null);
  const counts = new Map<number, number>();
  for (const row of contenders) counts.set(row.total_to_par!, (counts.get(row.total_to_par!) ?? 0) + 1);
  contenders.forEach((row, index) => {
    const first = contenders.findIndex((other) => other.total_to_par === row.total_to_par);
    const position = (first === -1 ? index : first) + 1;
    row.position = (counts.get(row.total_to_par!)! > 1 ? 'T' : '') + position;
  });
  return rows;
}

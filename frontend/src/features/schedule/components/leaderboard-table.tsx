import type { LeaderboardRow } from '@golf/shared/schemas/schedule';
import { Badge } from '@/components/ui/badge';
import { formatToParCell, toParTone } from '@/lib/format';
import { playerStatusLabels } from '../utils/tournament';

const roundNumbers = [1, 2, 3, 4] as const;

function ToPar({ value, strong = false }: { value: number | null; strong?: boolean }) {
  const Tag = strong ? 'strong' : 'span';
  return (
    <Tag className="to-par" data-tone={toParTone(value)}>
      {formatToParCell(value)}
    </Tag>
  );
}

function PlayerCell({ row }: { row: LeaderboardRow }) {
  return (
    <th scope="row" className="leaderboard__player">
      <span className="leaderboard__name">{row.name}</span>
      <span className="leaderboard__meta">
        {row.name_kana !== row.name && <small className="leaderboard__kana">{row.name_kana}</small>}
        {row.status !== 'active' && <Badge tone="red">{playerStatusLabels[row.status]}</Badge>}
      </span>
    </th>
  );
}

/** Holes played in the round under way: shown while a player is on the course (not after a WD or DQ). */
function thruLabel(row: LeaderboardRow): string | null {
  const isOnCourse = row.status === 'active' && row.thru !== null && row.thru > 0 && row.thru < 18;
  return isOnCourse ? `${row.thru}H` : null;
}

/** The tournament leaderboard: position, player, to-par of each round and in total. */
export function LeaderboardTable({ rows }: { rows: LeaderboardRow[] }) {
  return (
    <div className="leaderboard">
      <table className="leaderboard__table">
        <caption className="visually-hidden">リーダーボード</caption>
        <thead>
          <tr>
            <th scope="col" className="leaderboard__pos">
              順位
            </th>
            <th scope="col">選手</th>
            {roundNumbers.map((round) => (
              <th scope="col" key={round} className="leaderboard__round">
                R{round}
              </th>
            ))}
            <th scope="col" className="leaderboard__total">
              通算
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const thru = thruLabel(row);
            return (
              <tr key={row.player_id} data-status={row.status} data-testid="leaderboard-row">
                <td className="leaderboard__pos">{row.position ?? '-'}</td>
                <PlayerCell row={row} />
                {roundNumbers.map((round) => (
                  <td key={round} className="leaderboard__round">
                    <ToPar value={row.rounds[round - 1] ?? null} />
                  </td>
                ))}
                <td className="leaderboard__total">
                  <ToPar value={row.total_to_par} strong />
                  {thru && <small className="leaderboard__thru">{thru}</small>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

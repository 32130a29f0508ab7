import type { Schedule } from '@golf/shared/schemas/schedule';
import { formatDeadline } from '@/lib/format';
import { roundPhase } from '../utils/tournament';
import { RoundPhaseBadge } from './round-phase-badge';

/** Each round's entry deadline in Asia/Tokyo with where it stands; a moved deadline says why. */
export function RoundDeadlines({ schedule, now }: { schedule: Schedule; now: number }) {
  return (
    <ol className="round-deadlines">
      {schedule.rounds.map((round) => (
        <li
          key={round.round}
          className="round-deadlines__row"
          data-current={round.round === schedule.current_round || undefined}
        >
          <span className="round-deadlines__round">R{round.round}</span>
          <span className="round-deadlines__deadline">
            <time dateTime={round.deadline_at}>{formatDeadline(round.deadline_at)}</time>
            {(round.cancel_note ?? round.deadline_note) && (
              <small className="round-deadlines__note">{round.cancel_note ?? round.deadline_note}</small>
            )}
          </span>
          <RoundPhaseBadge phase={roundPhase(round, now)} />
        </li>
      ))}
    </ol>
  );
}

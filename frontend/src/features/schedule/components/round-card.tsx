import { Link } from '@tanstack/react-router';
import type { ScheduleRound } from '@golf/shared/schemas/schedule';
import { displayDate } from '@golf/shared/schedule/derive-schedule';
import { Icon } from '@/components/ui/icon';
import { formatDeadline } from '@/lib/format';
import { roundPhase } from '../utils/tournament';
import { RoundPhaseBadge } from './round-phase-badge';

/** One round of the game top: play day, deadline, state, and the way to its team page. */
export function RoundCard({ round, now }: { round: ScheduleRound; now: number }) {
  const phase = roundPhase(round, now);
  return (
    <li className="round-card" data-phase={phase}>
      <Link to="/schedule/round/$round" params={{ round: String(round.round) }} className="round-card__link">
        <span className="round-card__head">
          <span className="round-card__number">
            <small>ROUND</small>
            {round.round}
          </span>
          <RoundPhaseBadge phase={phase} />
        </span>
        <span className="round-card__date">{displayDate(round.play_on)}</span>
        <span className="round-card__deadline">
          <Icon name="clock" size={14} />
          <time dateTime={round.deadline_at}>{formatDeadline(round.deadline_at)}</time>
        </span>
        {(round.cancel_note ?? round.deadline_note) && (
          <span className="round-card__note">{round.cancel_note ?? round.deadline_note}</span>
        )}
        <span className="round-card__more">
          ラウンド {round.round}
          <Icon name="next" size={14} />
        </span>
      </Link>
    </li>
  );
}

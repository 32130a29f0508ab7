import { parseInstant } from '@golf/shared/game/instant';
import { formatCountdown, formatDeadline } from '@/lib/format';
import { useNow } from '@/lib/use-now';

/** Time left before a round's entry deadline, ticking every second. */
export function DeadlineCountdown({ deadline }: { deadline: string }) {
  const now = useNow(1000);
  const left = formatCountdown(parseInstant(deadline) - now);
  return (
    <div className="countdown" role="timer" aria-live="off">
      <p className="countdown__label">締切まで</p>
      <p className="countdown__value">{left === null ? '締切済み' : `あと ${left}`}</p>
      <p className="countdown__deadline">
        <time dateTime={deadline}>{formatDeadline(deadline)}</time>
      </p>
    </div>
  );
}

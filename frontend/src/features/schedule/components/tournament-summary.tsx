import type { ReactNode } from 'react';
import type { Schedule } from '@golf/shared/schemas/schedule';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Icon } from '@/components/ui/icon';
import { formatDateRange } from '@/lib/format';
import { tournamentStatusLabels } from '../utils/tournament';

const statusTones: Record<Schedule['status'], BadgeTone> = {
  upcoming: 'gold',
  in_progress: 'green',
  finished: 'grey',
  cancelled: 'red',
};

/** Status, name, venue and dates of a tournament: the head of every tournament card. */
export function TournamentSummary({
  schedule,
  badges,
  headingLevel = 2,
}: {
  schedule: Schedule;
  badges?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="tournament-summary">
      <div className="tournament-summary__badges">
        <Badge tone={statusTones[schedule.status]}>{tournamentStatusLabels[schedule.status]}</Badge>
        {badges}
      </div>
      <Heading className="tournament-summary__name" data-testid="tournament-name">
        {schedule.tournament_name}
      </Heading>
      <dl className="tournament-summary__facts">
        <div>
          <dt>
            <Icon name="pin" size={16} />
            <span className="visually-hidden">会場</span>
          </dt>
          <dd>{schedule.venue}</dd>
        </div>
        <div>
          <dt>
            <Icon name="calendar" size={16} />
            <span className="visually-hidden">開催日</span>
          </dt>
          <dd>{formatDateRange(schedule.tournament_display_start_on, schedule.tournament_display_end_on)}</dd>
        </div>
      </dl>
    </div>
  );
}

import { Link } from '@tanstack/react-router';
import type { Schedule } from '@golf/shared/schemas/schedule';
import { AppLink } from '../../../components/ui/app-link';
import { Badge } from '../../../components/ui/badge';
import { Icon } from '../../../components/ui/icon';
import { openRound, teamRound } from '../utils/tournament';
import { RoundDeadlines } from './round-deadlines';
import { TournamentSummary } from './tournament-summary';

/** The featured tournament of the top page: what it is, each round's deadline, and where to go. */
export function TournamentCard({ schedule, now }: { schedule: Schedule; now: number }) {
  const open = openRound(schedule, now);
  const round = teamRound(schedule);
  return (
    <article className="card tournament-card" aria-label="開催中の大会">
      <TournamentSummary
        schedule={schedule}
        headingLevel={3}
        badges={open && <Badge tone="green">第{open.round}ラウンド受付中</Badge>}
      />
      <p className="tournament-card__round">
        <Icon name="flag" size={16} />
        現在のラウンド：<strong>ラウンド {round}</strong>
      </p>
      <RoundDeadlines schedule={schedule} now={now} />
      <div className="tournament-card__actions">
        <AppLink href={`/schedule/round/${round}`} className="button button--primary button--block">
          チームを編成する
        </AppLink>
        <Link to="/schedule/score" className="button button--outline button--block">
          <Icon name="chart" size={18} />
          リーダーボード
        </Link>
      </div>
    </article>
  );
}

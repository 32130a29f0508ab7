import { Link } from '@tanstack/react-router';
import type { Schedule } from '@golf/shared/schemas/schedule';
import { Badge } from '@/components/ui/badge';
import { Icon } from '@/components/ui/icon';
import { openRound, teamRound } from '../utils/tournament';
import { RoundDeadlines } from './round-deadlines';
import { TournamentSummary } from './tournament-summary';

/**
 * The featured tournament of the top page: what it is, each round's deadline, and where to go. The
 * team button shows only while a round takes picks; a tournament whose rounds are all closed leads
 * to its team and results, and an ended one to its results.
 */
export function TournamentCard({ schedule, now }: { schedule: Schedule; now: number }) {
  const open = openRound(schedule, now);
  const round = teamRound(schedule);
  const ended = schedule.status === 'finished' || schedule.status === 'cancelled';
  return (
    <article className="card tournament-card" aria-label={schedule.tournament_name}>
      <TournamentSummary
        schedule={schedule}
        headingLevel={3}
        badges={open && <Badge tone="green">第{open.round}ラウンド受付中</Badge>}
      />
      {!ended && (
        <p className="tournament-card__round">
          <Icon name="flag" size={16} />
          現在のラウンド：<strong>ラウンド {round}</strong>
        </p>
      )}
      {ended && (
        <p className="tournament-card__round">
          この大会は終了しました。次の大会が決まりしだいお知らせします。
        </p>
      )}
      <RoundDeadlines schedule={schedule} now={now} />
      <div className="tournament-card__actions">
        {open ? (
          <Link
            to="/schedule/round/$round"
            params={{ round: String(open.round) }}
            className="button button--primary button--block"
          >
            チームを編成する
          </Link>
        ) : (
          !ended && (
            <Link
              to="/schedule/round/$round"
              params={{ round: String(round) }}
              className="button button--primary button--block"
            >
              マイチームのスコアを見る
            </Link>
          )
        )}
        <Link to="/schedule/score" className="button button--outline button--block">
          <Icon name="chart" size={18} />
          {ended ? '大会の結果' : 'リーダーボード'}
        </Link>
      </div>
    </article>
  );
}

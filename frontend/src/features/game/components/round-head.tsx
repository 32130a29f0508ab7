import type { ReactNode } from 'react';
import type { RoundView } from '@golf/shared/schemas/game';
import { formatToPar } from '@golf/shared/game/format';
import { Badge } from '@/components/ui/badge';
import { toParTone } from '@/lib/format';

function StatusBadge({ view }: { view: RoundView }) {
  if (view.round.status === 'final') return <Badge tone="green">確定</Badge>;
  if (view.round.status === 'provisional') return <Badge tone="live">速報</Badge>;
  if (view.round.status === 'cancelled') return <Badge tone="grey">中止</Badge>;
  return view.is_open ? <Badge tone="gold">受付中</Badge> : <Badge tone="grey">締切済み</Badge>;
}

function teamScoreText(view: RoundView): string {
  switch (view.score.kind) {
    case 'scored':
      return view.score.score === null ? '-' : formatToPar(view.score.score);
    case 'pending':
      return '集計中';
    case 'cancelled':
      return '中止';
    default:
      return '-';
  }
}

/**
 * The round's heading card: its tournament, status and the team's score. `countdown` shows under the
 * status while the round takes picks.
 */
export function RoundHead({
  view,
  round,
  countdown,
}: {
  view: RoundView;
  round: number;
  countdown?: ReactNode;
}) {
  return (
    <section className="card round-head">
      <h2 className="round-head__tournament">{view.tournament_name}</h2>
      <div className="round-head__row">
        <p className="round-head__title">ROUND {round}</p>
        <StatusBadge view={view} />
      </div>
      {countdown}
      {view.round.cancel_note && (
        <p className="notice" data-testid="cancel-note">
          {view.round.cancel_note}
        </p>
      )}
      <div className="team-score">
        <span className="team-score__label">チームスコア</span>
        <strong
          className="team-score__value to-par"
          data-tone={toParTone(view.score.kind === 'scored' ? view.score.score : null)}
          data-testid="team-score"
        >
          {teamScoreText(view)}
        </strong>
        {view.score.kind === 'scored' &&
          view.round.status !== 'final' &&
          view.round.status !== 'provisional' && (
            <Badge tone={view.score.provisional ? 'live' : 'green'}>
              {view.score.provisional ? '速報' : '確定'}
            </Badge>
          )}
      </div>
    </section>
  );
}

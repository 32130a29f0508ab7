import { Link } from '@tanstack/react-router';
import type { RoundView, TeamPickView } from '@golf/shared/schemas/game';
import { formatToPar } from '@golf/shared/game/format';
import { Badge } from '@/components/ui/badge';
import { toParTone } from '@/lib/format';

function pickScoreText(pick: TeamPickView): string | null {
  if (pick.score.kind === 'pending') {
    if (pick.result?.to_par != null) return `${formatToPar(pick.result.to_par)}（${pick.result.thru}H）`;
    return null;
  }
  return pick.score.to_par === null ? null : formatToPar(pick.score.to_par);
}

/**
 * One draft of the team: its player and score, or the ways to choose one; while the round takes
 * picks, the player can be changed or taken out (`onRemove`, held off while `busy`).
 */
export function TeamSlot({
  round,
  draft,
  pick,
  warning,
  editable,
  busy,
  onRemove,
}: {
  round: number;
  draft: number;
  pick: TeamPickView | null;
  warning: RoundView['warnings'][number] | undefined;
  editable: boolean;
  busy: boolean;
  onRemove: (pick: TeamPickView) => void;
}) {
  const score = pick ? pickScoreText(pick) : null;
  return (
    <li className="slot" data-testid={`slot-${draft}`} data-filled={pick ? 'true' : 'false'}>
      <span className="slot__number">
        <small>DRAFT</small>
        {draft}
      </span>
      {pick ? (
        <div className="slot__body">
          <p className="slot__name">
            {pick.player.name}
            {pick.auto && <span className="slot__auto">(AUTO)</span>}
          </p>
          <p className="slot__kana">{pick.player.name_kana}</p>
          {warning && <Badge tone="red">選択不可</Badge>}
          {pick.score.kind === 'penalty' && <Badge tone="red">ペナルティ</Badge>}
        </div>
      ) : (
        <div className="slot__body slot__body--empty">
          {editable ? (
            <div className="slot__choose">
              <Link
                to="/schedule/round/$round/draft/$draft/easy"
                params={{ round: String(round), draft: String(draft) }}
                className="button button--primary button--small"
              >
                かんたん
              </Link>
              <Link
                to="/schedule/round/$round/draft/$draft/advanced"
                params={{ round: String(round), draft: String(draft) }}
                className="button button--outline button--small"
              >
                アドバンス
              </Link>
            </div>
          ) : (
            <p className="slot__kana">未選択</p>
          )}
        </div>
      )}
      {pick && score !== null && (
        <strong
          className="slot__score to-par"
          data-tone={toParTone(pick.score.to_par ?? pick.result?.to_par)}
        >
          {score}
        </strong>
      )}
      {pick && editable && (
        <Link
          to="/schedule/round/$round/draft/$draft/easy"
          params={{ round: String(round), draft: String(draft) }}
          className="button button--small button--outline slot__change"
          aria-label={`ドラフト${draft}の${pick.player.name}を別の選手に変更`}
        >
          変更
        </Link>
      )}
      {pick && editable && (
        <button
          type="button"
          className="button button--small slot__remove"
          aria-label={`${pick.player.name}をドラフト${draft}から外す`}
          disabled={busy}
          onClick={() => onRemove(pick)}
        >
          外す
        </button>
      )}
    </li>
  );
}

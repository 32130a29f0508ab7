import { teamsAffectedLine } from '@golf/shared/game/ranking-impact';
import type { ActionPreview } from '@golf/shared/schemas/ops';
import { ActionOutcome } from './ops-parts';

/** A dry run as the confirmation shows it: waiting, its refusal, or what the action would change. */
export interface DryRunState {
  isPending: boolean;
  error: unknown;
  data?: { preview?: ActionPreview | undefined } | undefined;
}

/**
 * What an action that changes published results would change, shown in its confirmation before the
 * operator confirms: the saved teams per round and the rankings that move (速報 or 確定).
 */
export function ActionPreviewView({ check }: { check: DryRunState }) {
  if (check.error) return <ActionOutcome error={check.error} />;
  const preview = check.data?.preview;
  if (check.isPending || !preview)
    return (
      <span className="ops-preview muted" role="status">
        影響するチームとランキングを確認しています…
      </span>
    );
  return (
    <span className="ops-preview" role="status" aria-label="この操作の影響">
      <strong className="ops-preview__teams">{teamsAffectedLine(preview)}</strong>
      {preview.rankings.length > 0 ? (
        <>
          <span className="ops-preview__title">変わるランキング</span>
          <ul className="ops-preview__rankings">
            {preview.rankings.map((ranking) => (
              <li key={ranking.label}>{ranking.label}</li>
            ))}
          </ul>
        </>
      ) : (
        <span>ランキングは変わりません。</span>
      )}
      {preview.notes.map((note) => (
        <span key={note} className="ops-preview__note">
          {note}
        </span>
      ))}
    </span>
  );
}

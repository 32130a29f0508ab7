import type { RoundView } from '@golf/shared/schemas/game';
import { roundNotes } from '../utils/round-notes';

/** What the player should know about the round, and why a saved pick can no longer play. */
export function RoundNotices({ view }: { view: RoundView }) {
  return (
    <>
      {roundNotes(view).map((note) => (
        <p key={note} className="notice">
          {note}
        </p>
      ))}

      {view.warnings.length > 0 && (
        <div className="game-error" role="alert">
          {view.warnings.map((warning) => (
            <p key={`${warning.slot}-${warning.player_id}`}>
              ドラフト{warning.slot}：{warning.message}
            </p>
          ))}
        </div>
      )}
    </>
  );
}

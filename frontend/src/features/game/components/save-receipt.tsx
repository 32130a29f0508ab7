import type { TeamView } from '@golf/shared/schemas/game';
import { receiptLines, receiptSavedAt } from '@golf/shared/game/save-receipt';

/**
 * The receipt of the last save: the server's save time to the second and the 4 players it stored, so
 * a player can screenshot what the game holds. Refreshed with the round after every save.
 */
export function SaveReceipt({ team }: { team: TeamView | null }) {
  if (!team) return null;
  const lines = receiptLines(
    team.slots.flatMap((pick) =>
      pick ? [{ slot: pick.slot, name: pick.player.name, auto: pick.auto }] : [],
    ),
  );
  return (
    <section className="card save-receipt" role="status" aria-label="保存の控え" data-testid="save-receipt">
      <p className="save-receipt__title">
        <time dateTime={team.last_saved_at}>{receiptSavedAt(team.last_saved_at)}</time> に保存しました
      </p>
      <ul className="save-receipt__players">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

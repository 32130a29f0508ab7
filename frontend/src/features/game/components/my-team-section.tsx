import type { RoundView } from '@golf/shared/schemas/game';
import { draftSlots } from '@golf/shared/game/team';
import { SaveError } from '@/components/ui/save-error';
import { TeamSaveStatus } from '@/components/ui/team-save-status';
import { useDeletePick } from '../api/delete-pick';
import { SaveReceipt } from './save-receipt';
import { TeamSlot } from './team-slot';

/** マイチーム: the round's four drafts, a removed pick's undo, and the receipt of the saved team. */
export function MyTeamSection({
  round,
  view,
  editable,
}: {
  round: number;
  view: RoundView;
  editable: boolean;
}) {
  const { remove, undo, removed } = useDeletePick(round);
  const slots = view.team?.slots ?? [null, null, null, null];
  const warningBySlot = new Map(view.warnings.map((warning) => [warning.slot, warning]));
  return (
    <section className="section" aria-labelledby="team-heading">
      <h2 id="team-heading" className="section__title">
        マイチーム
      </h2>
      <TeamSaveStatus />
      <SaveError error={remove.error ?? undo.error} />
      {removed && (
        <div className="undo-bar" role="status">
          <p>
            {removed.name}をドラフト{removed.draft}から外しました。
          </p>
          <button
            type="button"
            className="button button--outline button--small"
            disabled={undo.isPending}
            onClick={() => undo.mutate(removed)}
          >
            元に戻す
          </button>
        </div>
      )}
      <ol className="slots">
        {slots.map((pick, index) => {
          const draft = draftSlots[index]!;
          return (
            <TeamSlot
              key={draft}
              round={round}
              draft={draft}
              pick={pick}
              warning={warningBySlot.get(draft)}
              editable={editable}
              busy={remove.isPending || undo.isPending}
              onRemove={(chosen) =>
                remove.mutate({ draft, playerId: chosen.player.player_id, name: chosen.player.name })
              }
            />
          );
        })}
      </ol>
      <SaveReceipt team={view.team} />
    </section>
  );
}

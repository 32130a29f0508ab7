import { useToggleCopyNextRound } from '../api/toggle-copy-next-round';
import { SaveError } from '../../../components/ui/save-error';

/**
 * The carry-over switch: when on, a round with no saved team gets the previous round's team at its
 * deadline (ineligible players replaced), shown as (AUTO).
 */
export function CopyNextRoundToggle({ checked }: { checked: boolean }) {
  const toggle = useToggleCopyNextRound();
  const on = toggle.data?.is_copy_next_round ?? checked;
  return (
    <div className="card toggle-card">
      <label className="toggle">
        <span className="toggle__text">
          <span className="toggle__title">次のラウンドに引き継ぐ</span>
          <span className="toggle__hint">
            チームを保存しなかったラウンドに、前のラウンドのチームを締め切りの時点で引き継ぎます。
          </span>
        </span>
        <input
          type="checkbox"
          role="switch"
          className="toggle__switch"
          checked={on}
          disabled={toggle.isPending}
          onChange={() => toggle.mutate()}
        />
      </label>
      <SaveError error={toggle.error} />
    </div>
  );
}

import { useToggleCopyNextRound } from '../api/toggle-copy-next-round';
import { SaveError } from '@/components/ui/save-error';
import { ToggleSwitch } from '@/components/ui/toggle-switch';

/**
 * The carry-over switch: when on, a round with no saved team gets the previous round's team at its
 * deadline (ineligible players replaced), shown as (AUTO).
 */
export function CopyNextRoundToggle({ checked }: { checked: boolean }) {
  const toggle = useToggleCopyNextRound();
  const on = toggle.data?.is_copy_next_round ?? checked;
  return (
    <div className="card toggle-card">
      <ToggleSwitch
        title="次のラウンドに引き継ぐ"
        hint="チームを保存しなかったラウンドに、前のラウンドのチームを締め切りの時点で引き継ぎます。"
        checked={on}
        disabled={toggle.isPending}
        onChange={() => toggle.mutate()}
      />
      <SaveError error={toggle.error} />
    </div>
  );
}

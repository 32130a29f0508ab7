import { SaveError } from '@/components/ui/save-error';
import { ToggleSwitch } from '@/components/ui/toggle-switch';
import { useSaveReceiptSettings, useUpdateSaveReceiptSettings } from '../api/save-receipt-settings';

/** My page, next to the reminders: an e-mail receipt of every team save (saved at once). */
export function SaveReceiptCard() {
  const settings = useSaveReceiptSettings();
  const update = useUpdateSaveReceiptSettings();
  if (!settings.data) return null;
  const on = update.isPending && update.variables ? update.variables.email : settings.data.email;
  return (
    <section className="card toggle-card" data-testid="save-receipt-settings">
      <ToggleSwitch
        title="保存の控えをメールで受け取る"
        hint={
          settings.data.email_available
            ? 'チームを保存するたびに、保存した日時と4人の選手をメールでお送りします。'
            : 'メールアドレスを登録すると受け取れます。'
        }
        checked={on}
        disabled={!settings.data.email_available || update.isPending}
        onChange={() => update.mutate({ email: !on })}
      />
      <SaveError error={update.error} />
    </section>
  );
}

import { reminderHourChoices, type ReminderHours } from '@golf/shared/game/reminders';
import type { ReminderSettings } from '@golf/shared/schemas/reminders';
import { SaveError } from '@/components/ui/save-error';
import { useReminderSettings, useSaveReminderSettings } from '../api/reminder-settings';

/**
 * My page: deadline reminders by e-mail and LINE, and when. Each change is saved at once; a channel
 * that cannot reach the player (no address, no LINE sign-in) says why instead of a switch.
 */
export function ReminderSettingsCard() {
  const settings = useReminderSettings();
  const save = useSaveReminderSettings();
  if (!settings.data) return null;
  const shown = save.variables && save.isPending ? save.variables : settings.data;
  // The settings alone: the answer also says which channels can reach the player, which a save
  // must not send back (the API refuses a field its schema does not name).
  const current: ReminderSettings = {
    email: shown.email,
    line: shown.line,
    hours_before: shown.hours_before,
  };
  const change = (next: Partial<ReminderSettings>) => save.mutate({ ...current, ...next });
  const toggleHours = (hours: ReminderHours) => {
    const chosen = current.hours_before.includes(hours)
      ? current.hours_before.filter((h) => h !== hours)
      : [...current.hours_before, hours].sort((a, b) => b - a);
    if (chosen.length) change({ hours_before: chosen });
  };
  return (
    <section className="card toggle-card" aria-labelledby="reminder-heading" data-testid="reminder-settings">
      <h2 id="reminder-heading" className="card-title">
        締め切りのお知らせ
      </h2>
      <p className="toggle__hint">
        チームがまだないとき、または出場できなくなった選手がチームにいるときに、締め切りの前にお知らせします。
      </p>
      <label className="toggle">
        <span className="toggle__text">
          <span className="toggle__title">メールで受け取る</span>
          {!settings.data.email_available && (
            <span className="toggle__hint">メールアドレスを登録すると受け取れます。</span>
          )}
        </span>
        <input
          type="checkbox"
          role="switch"
          className="toggle__switch"
          checked={current.email}
          disabled={!settings.data.email_available || save.isPending}
          onChange={() => change({ email: !current.email })}
        />
      </label>
      <label className="toggle">
        <span className="toggle__text">
          <span className="toggle__title">LINEで受け取る</span>
          <span className="toggle__hint">
            LINEでは、チームがまだないときだけ、締め切りごとに1回（選んだ時刻のうち締め切りに最も近い時刻）お知らせします。
          </span>
          {!settings.data.line_available && (
            <span className="toggle__hint">LINEでログインすると、そのLINEアカウントで受け取れます。</span>
          )}
        </span>
        <input
          type="checkbox"
          role="switch"
          className="toggle__switch"
          checked={current.line}
          disabled={!settings.data.line_available || save.isPending}
          onChange={() => change({ line: !current.line })}
        />
      </label>
      <fieldset className="reminder-hours">
        <legend className="toggle__title">お知らせする時刻（締め切りの何時間前）</legend>
        {reminderHourChoices.map((hours) => (
          <label key={hours} className="reminder-hours__choice">
            <input
              type="checkbox"
              checked={current.hours_before.includes(hours)}
              disabled={
                save.isPending || (current.hours_before.length === 1 && current.hours_before[0] === hours)
              }
              onChange={() => toggleHours(hours)}
            />
            {hours}時間前
          </label>
        ))}
      </fieldset>
      <SaveError error={save.error} />
    </section>
  );
}

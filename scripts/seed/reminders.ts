/**
 * Sample reminder subscriptions: players 2-31 opted in, every third by LINE (as if they had signed in
 * with LINE), the others by e-mail, with varied times; several of them have no team for the open
 * round, so a fresh `npm start` (whose jobs run once at start) or `npm run ops -- send-reminders`
 * shows messages in both local outboxes.
 */
import { createHash } from 'node:crypto';
import { reminderHourChoices, type ReminderHours } from '@golf/shared/game/reminders';
import { reminderItems } from '../../functions/src/db/repositories/reminder-repository';
import { sampleUserId } from './teams';

const digest = (text: string) => createHash('sha256').update(text).digest();

export function sampleReminderItems(now: Date): Array<Record<string, unknown>> {
  const items: Array<Record<string, unknown>> = [];
  for (let n = 2; n <= 31; n++) {
    const userId = sampleUserId(n);
    const byLine = n % 3 === 0;
    // LINE goes once per deadline, at the latest time chosen: most LINE subscribers chose 24 h alone,
    // which has come whatever the hour the season is laid out at (round 4's deadline is within a day).
    const hours: ReminderHours[] = n % 4 === 0 ? [...reminderHourChoices] : byLine ? [24] : [24, 2];
    items.push(
      ...reminderItems({
        user_id: userId,
        email: !byLine,
        line: byLine,
        hours_before: hours,
        line_user_id: byLine ? `U${digest(`line:${userId}`).toString('hex').slice(0, 32)}` : null,
        unsubscribe_token: digest(`unsubscribe:${userId}`).toString('base64url').slice(0, 32),
        updated_at: now.toISOString(),
      }),
    );
  }
  return items;
}

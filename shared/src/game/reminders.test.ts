import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dueReminderHours,
  lineReminderDue,
  reminderHourChoices,
  reminderReason,
  reminderText,
} from './reminders';
import { reminderSettingsSchema } from '../schemas/reminders';

const deadline = '2026-11-26T22:00:00.000Z';
const before = (hours: number, plusMs = 0) =>
  new Date(Date.parse(deadline) - hours * 3600_000 + plusMs).toISOString();

describe('deadline reminders', () => {
  it('a reminder time is due once it is reached, never at or after the deadline', () => {
    expect(dueReminderHours(deadline, before(25), before(24))).toEqual([24]);
    expect(dueReminderHours(deadline, before(24), before(23))).toEqual([]);
    expect(dueReminderHours(deadline, before(3), before(0.5))).toEqual([2, 1]);
    expect(dueReminderHours(deadline, before(0.5), deadline)).toEqual([]);
    expect(dueReminderHours(deadline, null, before(50))).toEqual([]);
  });

  it('property: consecutive runs send each reminder time once, and only before the deadline', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 * 3600_000 }), { minLength: 1, maxLength: 60 }),
        (steps) => {
          let since: string | null = before(72);
          let at = Date.parse(before(72));
          const sent: number[] = [];
          for (const step of steps) {
            at += step;
            const now = new Date(at).toISOString();
            sent.push(...dueReminderHours(deadline, since, now));
            since = now;
          }
          expect(new Set(sent).size).toBe(sent.length);
          // Only times reached before the deadline are ever sent.
          for (const h of sent) expect(Date.parse(before(h))).toBeLessThan(Date.parse(deadline));
          // While the runs stay before the deadline, every time they passed was sent.
          if (at < Date.parse(deadline))
            expect([...sent].sort()).toEqual(
              reminderHourChoices.filter((h) => Date.parse(before(h)) <= at).sort(),
            );
        },
      ),
    );
  });

  it('reminds players with no team, or with a player who can no longer be picked', () => {
    const eligible = (id: string) => id !== 'wd';
    expect(reminderReason(null, eligible)).toBe('no_team');
    expect(reminderReason([], eligible)).toBe('no_team');
    expect(reminderReason(['a', 'wd', 'c', 'd'], eligible)).toBe('ineligible_pick');
    expect(reminderReason(['a', 'b', 'c', 'd'], eligible)).toBeNull();
  });

  it('LINE goes only to players without a team, once per deadline, at the latest time they chose', () => {
    expect(lineReminderDue([24, 2], [24], 'no_team')).toBe(false);
    expect(lineReminderDue([24, 2], [2], 'no_team')).toBe(true);
    // A late run that sends several times at once still sends LINE once.
    expect(lineReminderDue([24, 2], [24, 2], 'no_team')).toBe(true);
    expect(lineReminderDue([6], [6], 'ineligible_pick')).toBe(false);
    // Consecutive runs over a deadline's times: one LINE message per player with no team.
    fc.assert(
      fc.property(fc.subarray([...reminderHourChoices], { minLength: 1 }), (chosen) => {
        const sent = reminderHourChoices.filter((h) => lineReminderDue(chosen, [h], 'no_team'));
        expect(sent).toEqual([Math.min(...chosen)]);
      }),
    );
  });

  it('settings take the fixed reminder times only, once each, with a plain Japanese error', () => {
    expect(reminderSettingsSchema.parse({ email: true, line: false, hours_before: [24, 2] })).toEqual({
      email: true,
      line: false,
      hours_before: [24, 2],
    });
    const bad = reminderSettingsSchema.safeParse({ email: true, line: false, hours_before: [3] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toContain('48・24・6・2・1 時間前');
    expect(reminderSettingsSchema.safeParse({ email: true, line: false, hours_before: [2, 2] }).success).toBe(
      false,
    );
  });

  it('every message links straight to the round and carries a one-click unsubscribe', () => {
    const { subject, text } = reminderText({
      reason: 'no_team',
      tournamentName: 'テスト選手権',
      round: 3,
      deadlineText: '11/27(金) 7:00',
      roundUrl: 'https://example.jp/schedule/round/3',
      unsubscribeUrl: 'https://example.jp/api/reminders/unsubscribe/t',
    });
    expect(subject).toBe('【締め切り 11/27(金) 7:00】テスト選手権 第3ラウンド');
    expect(text).toContain('https://example.jp/schedule/round/3');
    expect(text).toContain('配信停止（ワンクリック）: https://example.jp/api/reminders/unsubscribe/t');
  });
});

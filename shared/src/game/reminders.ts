/**
 * Deadline reminders (opt-in, per channel): before each round's deadline, a player who has no team for
 * the round, or whose team holds a player who can no longer be picked, is reminded once per reminder
 * time and channel, never at or after the deadline.
 *
 * Reminder times are chosen from a fixed set of hours before the deadline, so the job does work only
 * when one of them has just been reached for some round (a few times a round), never a table read per
 * player per minute. No zod here: the SPA's my page reads the choices without loading the schemas.
 */
import type { ReminderSettings } from '../schemas/reminders';

/** The hours before a deadline a player may be reminded at (the ones fantasy players set up by hand). */
export const reminderHourChoices = [48, 24, 6, 2, 1] as const;
export type ReminderHours = (typeof reminderHourChoices)[number];
const defaultReminderHours: readonly ReminderHours[] = [24, 2];

export type ReminderChannel = 'email' | 'line';

export const defaultReminderSettings: ReminderSettings = {
  email: false,
  line: false,
  hours_before: [...defaultReminderHours],
};

const hourMs = 3600_000;

/**
 * The reminder times of one deadline that became due in (`since`, `now`]: `deadline - h` reached in
 * that window, and the deadline itself still ahead. A run that was late still sends a time it missed,
 * as long as the deadline has not passed.
 */
export function dueReminderHours(
  deadlineIso: string,
  sinceIso: string | null,
  nowIso: string,
): ReminderHours[] {
  const deadline = Date.parse(deadlineIso);
  const now = Date.parse(nowIso);
  const since = sinceIso === null ? Number.NEGATIVE_INFINITY : Date.parse(sinceIso);
  if (now >= deadline) return [];
  return reminderHourChoices.filter((hours) => {
    const at = deadline - hours * hourMs;
    return at > since && at <= now;
  });
}

/**
 * Whether a player needs a reminder for a round: no team (or an empty one), or a team holding a
 * player who can no longer be picked (withdrawn, disqualified, missed the cut, not in the field).
 */
export function reminderReason(
  pickedPlayerIds: readonly string[] | null,
  isEligible: (playerId: string) => boolean,
): 'no_team' | 'ineligible_pick' | null {
  if (!pickedPlayerIds?.length) return 'no_team';
  return pickedPlayerIds.some((id) => !isEligible(id)) ? 'ineligible_pick' : null;
}

/** The one reminder time of a deadline a LINE message goes at: the latest the player chose. */
export const lineReminderHours = (chosenHours: readonly ReminderHours[]): ReminderHours =>
  Math.min(...chosenHours) as ReminderHours;

/**
 * Whether a reminder goes by LINE too (each LINE message is billed, an e-mail costs a hundredth of a
 * yen): only to a player with no team for the round, once per deadline, at the latest reminder time
 * the player chose (by then fewer players still lack a team). `dueHours` are the times being sent.
 */
export const lineReminderDue = (
  chosenHours: readonly ReminderHours[],
  dueHours: readonly ReminderHours[],
  reason: 'no_team' | 'ineligible_pick',
): boolean => reason === 'no_team' && dueHours.includes(lineReminderHours(chosenHours));

/**
 * The message of one reminder: the reason, the deadline in Tokyo time, a link to the round, and the
 * way out. A mail carries the player's own one-click unsubscribe link; a LINE message, sent to many
 * players at once (one multicast per identical text), links to the settings on my page instead, so
 * it holds nothing of one player's.
 */
export function reminderText(
  input: {
    reason: 'no_team' | 'ineligible_pick';
    tournamentName: string;
    round: number;
    deadlineText: string;
    roundUrl: string;
  } & ({ unsubscribeUrl: string } | { settingsUrl: string }),
): { subject: string; text: string } {
  const what =
    input.reason === 'no_team'
      ? `第${input.round}ラウンドのチームがまだありません。`
      : `第${input.round}ラウンドのチームに、出場できなくなった選手がいます。`;
  return {
    subject: `【締め切り ${input.deadlineText}】${input.tournamentName} 第${input.round}ラウンド`,
    text: [
      `${input.tournamentName}`,
      what,
      `締め切りは ${input.deadlineText} です。締め切りを過ぎるとチームは変更できません。`,
      '',
      `チームを編成する: ${input.roundUrl}`,
      '',
      'unsubscribeUrl' in input
        ? `リマインドの配信停止（ワンクリック）: ${input.unsubscribeUrl}`
        : `お知らせの設定・配信停止（マイページ）: ${input.settingsUrl}`,
    ].join('\n'),
  };
}

import { errorText, logger } from './logger';
import { recordMetric } from './metrics';

/**
 * The best-effort work that follows an action and never undoes it: the action stands when one of
 * these fails (docs/architecture.md, "Side effects").
 */
export type SideEffect =
  /** The guild chat's post about a member's saved team (domain/guild/team-posts.ts). */
  | 'guild_team_post'
  /** The guild chats' posts of a round's results, after a publish (domain/guild/guild-posts.ts). */
  | 'guild_result_posts'
  /** Scheduling the receipt mail of a saved team. */
  | 'save_receipt_schedule'
  /** A receipt mail that was due (the receipt is given back for the next run). */
  | 'save_receipt_mail'
  /** Giving a receipt back after its mail failed: the receipt is lost. */
  | 'save_receipt_give_back'
  /** A deadline reminder by mail or LINE (its marker is released for a later claim). */
  | 'reminder_mail'
  | 'reminder_line'
  /** A whole batch of reminders (it goes back to the queue). */
  | 'reminder_batch'
  /** Starting the ranking job after an operator's change (the schedule publishes it). */
  | 'ranking_job_start'
  /** The score change records of an operator's action (the next ranking run tries again). */
  | 'score_change_records'
  /** A withdrawn player's profile picture. */
  | 'profile_image_delete';

/**
 * A side effect that failed: an error line naming it and one `SideEffectFailures` metric, on which
 * the monitoring stack alarms. The caller goes on; the action the effect follows has succeeded.
 */
export function sideEffectFailed(
  effect: SideEffect,
  error: unknown,
  fields: Record<string, unknown> = {},
): void {
  logger.error('side effect failed', { effect, ...fields, error: errorText(error) });
  recordMetric('SideEffectFailures', 1, { effect });
}

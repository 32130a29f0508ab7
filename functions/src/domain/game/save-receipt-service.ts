/**
 * The receipt of team saves. The round page shows the stored save time and the 4 players from the
 * round view after every save; a player who opted in on my page also gets one e-mail per complete
 * team, through the mail port, once the team stayed unchanged for a short while (docs/operations.md,
 * Save receipts). The save itself never fails on the receipt: a receipt that cannot be scheduled or
 * mailed is a counted error (lib/side-effects.ts) and the save stands.
 */
import { saveReceiptText } from '@golf/shared/game/save-receipt';
import { draftSlots } from '@golf/shared/game/team';
import type { SaveReceiptSettings, SaveReceiptSettingsView } from '@golf/shared/schemas/save-receipt';
import { guildRepository } from '../../db/repositories/guild-repository';
import { saveReceiptRepository } from '../../db/repositories/save-receipt-repository';
import { teamRepository, type TeamRecord } from '../../db/repositories/team-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { userRepository } from '../../db/repositories/user-repository';
import { config } from '../../lib/config';
import { notFound, validationFailed } from '../../lib/errors';
import { sendMail } from '../../adapters/mail';
import { postTeamSaved } from '../guild/team-posts';
import { recordMetric } from '../../lib/metrics';
import { sideEffectFailed } from '../../lib/side-effects';

export async function getSaveReceiptSettings(userId: string): Promise<SaveReceiptSettingsView> {
  const [email, user] = await Promise.all([
    saveReceiptRepository.emailOn(userId),
    userRepository.getUser(userId),
  ]);
  return { email, email_available: Boolean(user?.email) };
}

export async function updateSaveReceiptSettings(
  userId: string,
  settings: SaveReceiptSettings,
  now: Date,
): Promise<SaveReceiptSettingsView> {
  const user = await userRepository.getUser(userId);
  if (!user) throw notFound('ユーザーが見つかりません。');
  if (settings.email && !user.email)
    throw validationFailed({ email: ['保存の控えメールには、メールアドレスの登録が必要です。'] });
  await saveReceiptRepository.put(userId, settings.email, now);
  return { email: settings.email, email_available: Boolean(user.email) };
}

/**
 * How long a complete team stays unchanged before its receipt is mailed: a change made as 外す then a
 * new pick, or a few picks in a row, ends in one receipt of the team as it stands, never one per save.
 */
export const RECEIPT_QUIET_MS = 2 * 60_000;

const isComplete = (team: TeamRecord) => draftSlots.every((slot) => team.picks.some((p) => p.slot === slot));

/**
 * Schedules the receipt when this request stored a complete team (its last save is this request's
 * instant: an identical line-up saved again changes nothing and schedules nothing) and the player
 * opted in. A later complete save of the round replaces it; an incomplete team gets none.
 */
async function scheduleSaveReceipt(
  team: TeamRecord | null,
  now: Date,
  emailOn?: Promise<boolean | undefined>,
): Promise<void> {
  if (!team || team.last_saved_at !== now.toISOString() || !isComplete(team)) return;
  try {
    if (!((await emailOn) ?? (await saveReceiptRepository.emailOn(team.user_id)))) return;
    await saveReceiptRepository.schedule({
      user_id: team.user_id,
      game_global_id: team.game_global_id,
      round: team.round,
      last_saved_at: team.last_saved_at,
      due_at: new Date(now.getTime() + RECEIPT_QUIET_MS).toISOString(),
    });
  } catch (error) {
    sideEffectFailed('save_receipt_schedule', error, { user_id: team.user_id });
  }
}

async function mailReceipt(team: TeamRecord, email: string, now: Date): Promise<void> {
  const [record, field] = await Promise.all([
    tournamentRepository.get(team.game_global_id),
    tournamentRepository.field(team.game_global_id),
  ]);
  if (!record) return;
  const names = new Map(field.map((entry) => [entry.player_id, entry.name]));
  const site = config().SITE_URL;
  const message = saveReceiptText({
    tournamentName: record.tournament_name,
    round: team.round,
    lastSavedAt: team.last_saved_at,
    picks: team.picks.map((pick) => ({
      slot: pick.slot,
      name: names.get(pick.player_id) ?? pick.player_id,
      auto: pick.auto,
    })),
    roundUrl: `${site}/schedule/round/${team.round}`,
    settingsUrl: `${site}/mypage`,
  });
  await sendMail({ to: email, ...message }, now);
}

export interface ReceiptRunResult {
  sent: number;
  /** Replaced or emptied since, or the player turned receipts off: dropped without a mail. */
  dropped: number;
  failed: number;
}

/**
 * Mails the receipts whose team stayed unchanged for the quiet time (the receipt job, every minute).
 * Each is taken (a conditional delete) before it is mailed, so two runs never mail it twice; a team
 * saved again since, left incomplete, or a player who turned receipts off gets nothing; a mail that
 * fails is given back for the next run.
 */
export async function sendDueReceipts(now: Date): Promise<ReceiptRunResult> {
  const result: ReceiptRunResult = { sent: 0, dropped: 0, failed: 0 };
  for (const due of await saveReceiptRepository.listDue(now)) {
    if (!(await saveReceiptRepository.take(due))) continue;
    try {
      const [team, emailOn, user] = await Promise.all([
        teamRepository.get(due.game_global_id, due.round, due.user_id),
        saveReceiptRepository.emailOn(due.user_id),
        userRepository.getUser(due.user_id),
      ]);
      if (
        !team ||
        team.last_saved_at !== due.last_saved_at ||
        !isComplete(team) ||
        !emailOn ||
        !user?.email
      ) {
        result.dropped += 1;
        continue;
      }
      await mailReceipt(team, user.email, now);
      result.sent += 1;
    } catch (error) {
      result.failed += 1;
      sideEffectFailed('save_receipt_mail', error, { user_id: due.user_id });
      await saveReceiptRepository
        .giveBack(due)
        .catch((lost: unknown) => sideEffectFailed('save_receipt_give_back', lost, { user_id: due.user_id }));
    }
  }
  return result;
}

/**
 * The team `save` stored, once its receipt is scheduled and the player's guild is told (guild-posts.ts).
 * Neither ever fails the save. Whether the player wants the mail and which guild they are in are read
 * while the save runs, so that a save answers one database round trip after its write instead of
 * two; a read that fails there is tried again after the save.
 */
export async function withSaveReceipt<T extends TeamRecord | null>(
  userId: string,
  save: Promise<T>,
  now: Date,
): Promise<T> {
  const emailOn = saveReceiptRepository.emailOn(userId).catch(() => undefined);
  const membership = guildRepository.getMembership(userId).then(
    (found) => found ?? null,
    () => undefined,
  );
  const team = await save;
  recordMetric('TeamSaves');
  await Promise.all([scheduleSaveReceipt(team, now, emailOn), postTeamSaved(team, now, membership)]);
  return team;
}

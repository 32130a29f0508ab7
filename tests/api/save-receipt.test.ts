/**
 * The receipt of every save: the round view carries the stored save time with the 4 players, and a
 * player who opted in gets one e-mail per complete team through the mail port (the local outbox),
 * once the team stayed unchanged for the quiet time; an unchanged save or an incomplete team sends
 * nothing, and a player without an address cannot opt in.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { receiptSavedAt } from '../../shared/src/game/save-receipt';
import { roundViewSchema, savedTeamSchema } from '../../shared/src/schemas/game';
import { saveReceiptSettingsViewSchema } from '../../shared/src/schemas/save-receipt';
import { guildRepository } from '../../functions/src/db/repositories/guild-repository';
import { saveReceiptRepository } from '../../functions/src/db/repositories/save-receipt-repository';
import type { TeamRecord } from '../../functions/src/db/repositories/team-repository';
import { userRepository } from '../../functions/src/db/repositories/user-repository';
import {
  RECEIPT_QUIET_MS,
  sendDueReceipts,
  withSaveReceipt,
} from '../../functions/src/domain/game/save-receipt-service';
import { newPlayer } from '../../functions/src/domain/account/account-service';
import { listOutbox } from '../../functions/src/adapters/mail';
import { api, tokenFor } from './support/api';
import { gameFixture, writeFixture } from './support/game-fixtures';

const fixture = gameFixture('test-receipt');
const gid = fixture.id;
const [p1, p2, p3, p4, p5] = fixture.playerIds as string[];
const email = 'receipt-player@example.com';
let token: string;

beforeAll(async () => {
  await writeFixture(fixture);
  await userRepository.createUserIfAbsent(
    newPlayer('receipt-player', new Date(), {
      email,
      status: 'complete',
      is_accepted_policy: true,
      is_registed_email: true,
    }),
  );
  token = await tokenFor('receipt-player');
});

const nothingDue = { sent: 0, dropped: 0, failed: 0 };
/** Past the quiet time of every save this file makes. */
const later = () => new Date(Date.now() + RECEIPT_QUIET_MS + 1000);
const receipts = async () => (await listOutbox(email)).filter((m) => m.subject.startsWith('【保存しました'));

describe('save receipts', () => {
  it('are off by default; the setting is the player’s own and refused to visitors', async () => {
    expect((await api('GET', '/api/user/save-receipt')).status).toBe(401);
    expect((await api('PUT', '/api/user/save-receipt', { body: { email: true } })).status).toBe(401);
    const settings = saveReceiptSettingsViewSchema.parse(
      (await api('GET', '/api/user/save-receipt', { token })).body,
    );
    expect(settings).toEqual({ email: false, email_available: true });
    const bad = await api<{ errors: Record<string, string[]> }>('PUT', '/api/user/save-receipt', {
      token,
      body: { email: 'yes' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['email']);
  });

  it('cannot be turned on without an e-mail address', async () => {
    const noAddress = await tokenFor('receipt-no-address');
    const refused = await api<{ errors: Record<string, string[]> }>('PUT', '/api/user/save-receipt', {
      token: noAddress,
      body: { email: true },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors['email']?.[0]).toContain('メールアドレスの登録');
  });

  it('the round view shows when the team was saved and its 4 players, after each save', async () => {
    const first = savedTeamSchema.parse(
      (
        await api('PUT', '/api/golf/round/4/team', {
          token,
          body: { game_global_id: gid, player_ids: [p1, p2, p3, p4] },
        })
      ).body,
    );
    let view = roundViewSchema.parse(
      (await api('GET', `/api/golf/round/4?game_global_id=${gid}`, { token })).body,
    );
    expect(view.team?.last_saved_at).toBe(first.last_saved_at);
    expect(view.team?.slots.map((s) => s?.player.player_id)).toEqual([p1, p2, p3, p4]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = savedTeamSchema.parse(
      (
        await api('PUT', '/api/golf/round/4/draft/4', {
          token,
          body: { game_global_id: gid, player_id: p5 },
        })
      ).body,
    );
    expect(Date.parse(second.last_saved_at)).toBeGreaterThan(Date.parse(first.last_saved_at));
    view = roundViewSchema.parse(
      (await api('GET', `/api/golf/round/4?game_global_id=${gid}`, { token })).body,
    );
    expect(view.team?.last_saved_at).toBe(second.last_saved_at);
    expect(view.team?.slots.map((s) => s?.player.player_id)).toEqual([p1, p2, p3, p5]);
    expect(await receipts()).toEqual([]);
  });

  it('are mailed once the team stayed unchanged for the quiet time, never for an unchanged save', async () => {
    const on = await api('PUT', '/api/user/save-receipt', { token, body: { email: true } });
    expect(saveReceiptSettingsViewSchema.parse(on.body)).toEqual({ email: true, email_available: true });
    const before = (await receipts()).length;
    const saved = savedTeamSchema.parse(
      (
        await api('PUT', '/api/golf/round/3/team', {
          token,
          body: { game_global_id: gid, player_ids: [p4, p3, p2, p1] },
        })
      ).body,
    );
    const savedAt = Date.parse(saved.last_saved_at);
    // Not yet: the team may still change.
    expect(await sendDueReceipts(new Date(savedAt + RECEIPT_QUIET_MS - 1))).toEqual(nothingDue);
    expect(await receipts()).toHaveLength(before);
    expect((await sendDueReceipts(new Date(savedAt + RECEIPT_QUIET_MS))).sent).toBe(1);
    const mails = await receipts();
    expect(mails).toHaveLength(before + 1);
    const names = mails[0]!.text;
    expect(mails[0]!.subject).toContain('第3ラウンド');
    // The time the round page shows in its receipt (frontend/test/screens/game.test.tsx).
    expect(mails[0]!.subject).toContain(receiptSavedAt(saved.last_saved_at));
    expect(names).toContain('DRAFT 1：');
    expect(names).not.toContain('未選択');
    expect(names).toContain('/schedule/round/3');

    // Run again, or the same line-up saved again (it stores nothing): no second receipt.
    await sendDueReceipts(new Date(savedAt + 2 * RECEIPT_QUIET_MS));
    await api('PUT', '/api/golf/round/3/team', {
      token,
      body: { game_global_id: gid, player_ids: [p4, p3, p2, p1] },
    });
    expect(await sendDueReceipts(new Date(savedAt + 3 * RECEIPT_QUIET_MS))).toEqual(nothingDue);
    expect(await receipts()).toHaveLength(before + 1);
  });

  it('no receipt for an incomplete team: removing one golfer mails nothing', async () => {
    const before = (await receipts()).length;
    await api('DELETE', `/api/golf/round/3/draft/2?game_global_id=${gid}`, { token });
    await sendDueReceipts(later());
    expect(await receipts()).toHaveLength(before);
  });

  it('a change (外す, then a new pick) costs one mail, of the team as it stands', async () => {
    await api('PUT', '/api/golf/round/4/team', {
      token,
      body: { game_global_id: gid, player_ids: [p1, p2, p3, p4] },
    });
    await sendDueReceipts(later());
    const before = (await receipts()).length;
    await api('DELETE', `/api/golf/round/4/draft/4?game_global_id=${gid}`, { token });
    await api('PUT', '/api/golf/round/4/draft/4', { token, body: { game_global_id: gid, player_id: p5 } });
    expect((await sendDueReceipts(later())).sent).toBe(1);
    const mails = await receipts();
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.text).not.toContain('未選択');

    // A pick, then a quick second thought within the quiet time: one mail, of the last team.
    await api('PUT', '/api/golf/round/4/draft/1', { token, body: { game_global_id: gid, player_id: p4 } });
    await api('PUT', '/api/golf/round/4/draft/1', { token, body: { game_global_id: gid, player_id: p1 } });
    expect((await sendDueReceipts(later())).sent).toBe(1);
    expect(await receipts()).toHaveLength(before + 2);
  });

  it('a player who turns receipts off before the quiet time is over gets none', async () => {
    const before = (await receipts()).length;
    await api('PUT', '/api/golf/round/4/team', {
      token,
      body: { game_global_id: gid, player_ids: [p5, p4, p3, p2] },
    });
    await api('PUT', '/api/user/save-receipt', { token, body: { email: false } });
    expect((await sendDueReceipts(later())).dropped).toBe(1);
    await api('PUT', '/api/golf/round/4/team', {
      token,
      body: { game_global_id: gid, player_ids: [p1, p4, p3, p2] },
    });
    expect(await sendDueReceipts(later())).toEqual(nothingDue);
    expect(await receipts()).toHaveLength(before);
  });

  it('a save refused at the deadline sends no receipt', async () => {
    await api('PUT', '/api/user/save-receipt', { token, body: { email: true } });
    const before = (await receipts()).length;
    const late = await api('PUT', '/api/golf/round/1/team', {
      token,
      body: { game_global_id: gid, player_ids: [p1, p2, p3, p4] },
    });
    expect(late.status).toBe(409);
    await sendDueReceipts(later());
    expect(await receipts()).toHaveLength(before);
  });

  describe('what the receipt and the guild post need', () => {
    afterEach(() => vi.restoreAllMocks());
    const now = new Date();
    const stored: TeamRecord = {
      game_global_id: gid,
      round: 3,
      user_id: 'receipt-player',
      picks: [p1!, p2!, p3!, p4!].map((player_id, i) => ({
        slot: (i + 1) as 1 | 2 | 3 | 4,
        player_id,
        auto: false,
      })),
      source: 'manual',
      last_saved_at: now.toISOString(),
      version: 7,
    };

    it('is read while the save runs, once, so the save answers one round trip after its write', async () => {
      const emailOn = vi.spyOn(saveReceiptRepository, 'emailOn').mockResolvedValue(false);
      const membership = vi.spyOn(guildRepository, 'getMembership');
      let finish!: (team: TeamRecord) => void;
      const saving = withSaveReceipt(
        'receipt-player',
        new Promise<TeamRecord>((resolve) => (finish = resolve)),
        now,
      );
      // The save has not answered yet, and both reads are already under way.
      expect(emailOn).toHaveBeenCalledWith('receipt-player');
      expect(membership).toHaveBeenCalledWith('receipt-player');
      finish(stored);
      expect(await saving).toBe(stored);
      expect(emailOn).toHaveBeenCalledTimes(1);
      expect(membership).toHaveBeenCalledTimes(1);
    });

    it('is read again after the save when the early read failed, and a failed save fails alone', async () => {
      const before = (await receipts()).length;
      const emailOn = vi
        .spyOn(saveReceiptRepository, 'emailOn')
        .mockRejectedValueOnce(new Error('throttled'))
        .mockResolvedValueOnce(true);
      const membership = vi
        .spyOn(guildRepository, 'getMembership')
        .mockRejectedValueOnce(new Error('throttled'));
      expect(await withSaveReceipt('receipt-player', Promise.resolve(stored), now)).toBe(stored);
      expect(emailOn).toHaveBeenCalledTimes(2);
      expect(membership).toHaveBeenCalledTimes(2);
      expect(await saveReceiptRepository.listDue(new Date(now.getTime() + RECEIPT_QUIET_MS))).toContainEqual(
        expect.objectContaining({ user_id: 'receipt-player', round: 3, last_saved_at: stored.last_saved_at }),
      );
      expect(await receipts()).toHaveLength(before);

      await expect(
        withSaveReceipt('receipt-player', Promise.reject(new Error('conflict')), now),
      ).rejects.toThrow('conflict');
      expect(await receipts()).toHaveLength(before);
    });
  });
});

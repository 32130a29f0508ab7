import { describe, expect, inject, it } from 'vitest';
import { RECEIPT_QUIET_MS, sendDueReceipts } from '../../functions/src/domain/game/save-receipt-service';
import { resetConfig } from '../../functions/src/lib/config';
import { baseUrl, closeChecked, newPage, useBrowser, waitForPath } from './support/browser';
import { createPlayer } from './support/users';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();
const roundPath = '/schedule/round/4';

describe('save receipts', () => {
  it('a player turns the e-mail receipt on, saves a team, sees when it was saved and gets it by mail', async () => {
    const userId = `e2e-receipt-${Date.now()}`;
    const { token } = await createPlayer(userId);
    const session = await newPage(browser());
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);

    await page.goto('/mypage');
    const receiptSwitch = page
      .getByTestId('save-receipt-settings')
      .getByRole('switch', { name: /保存の控えをメールで受け取る/ });
    await receiptSwitch.waitFor();
    expect(await receiptSwitch.isChecked()).toBe(false);
    await receiptSwitch.click();
    await expect.poll(() => receiptSwitch.isChecked()).toBe(true);

    await page.goto(`${roundPath}/draft/auto/condition`);
    const players = page.getByTestId('ai-player');
    await players.nth(3).waitFor();
    const names = await players.locator('.slot__name').allInnerTexts();
    await page.getByRole('button', { name: 'このチームで決定' }).click();
    await waitForPath(page, roundPath);
    const receipt = page.getByTestId('save-receipt');
    await receipt.waitFor();
    const shown = await receipt.innerText();
    expect(shown).toMatch(/\d+\/\d+\(.\) \d+:\d{2}:\d{2} に保存しました/);
    for (const name of names) expect(shown).toContain(name.replace('(AUTO)', '').trim());
    const savedAt = /(\d+\/\d+\(.\) \d+:\d{2}:\d{2})/.exec(shown)![1]!;

    // The complete team is mailed once it stayed unchanged for the quiet time (the receipt job).
    expect((await sendDueReceipts(new Date(Date.now() + RECEIPT_QUIET_MS))).sent).toBe(1);

    // Removing a player is a save too: the page's receipt follows it, but an incomplete team is not mailed.
    await page.getByTestId('slot-4').getByRole('button', { name: '外す' }).click();
    await expect.poll(() => receipt.innerText()).toContain('DRAFT 4：未選択');
    await sendDueReceipts(new Date(Date.now() + RECEIPT_QUIET_MS));

    await page.goto(`/dev/outbox?to=${encodeURIComponent(`${userId}@example.com`)}`);
    const mails = page.locator('article').filter({ hasText: '【保存しました' });
    await mails.first().waitFor();
    expect(await mails.count()).toBe(1);
    const first = await mails.first().innerText();
    expect(first).toContain(savedAt);
    expect(first).toContain('第4ラウンド');
    expect(first).not.toContain('未選択');

    await page.goto('/howto');
    await page.getByRole('heading', { name: '保存の控えと、締め切り前にサイトにつながらないとき' }).waitFor();
    await closeChecked(session);
  });
});

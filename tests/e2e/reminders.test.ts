import { describe, expect, inject, it } from 'vitest';
import { reminderRepository } from '../../functions/src/db/repositories/reminder-repository';
import { resetConfig } from '../../functions/src/lib/config';
import { operatorSessionToken } from '../../scripts/test-support/operator-session';
import { seriousViolations } from './support/axe';
import { baseUrl, closeChecked, newPage, reusedPage, useBrowser, waitForPath } from './support/browser';
import { createPlayer } from './support/users';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();

describe('deadline reminders', () => {
  it('a player turns e-mail reminders on, gets one in the local mailbox, and stops them from its link', async () => {
    const userId = `e2e-reminders-${Date.now()}`;
    const { token } = await createPlayer(userId);
    const session = await reusedPage(browser());
    const { page } = session;
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);

    await page.goto('/mypage');
    const card = page.getByTestId('reminder-settings');
    const email = card.getByRole('switch', { name: /メールで受け取る/ });
    await email.waitFor();
    expect(await card.getByRole('switch', { name: /LINEで受け取る/ }).isDisabled()).toBe(true);
    await email.click();
    await expect.poll(() => email.isChecked()).toBe(true);
    await card.getByRole('checkbox', { name: '1時間前' }).click();
    await expect.poll(() => card.getByRole('checkbox', { name: '1時間前' }).isChecked()).toBe(true);

    // The job, run by hand as operators do (npm run ops -- send-reminders), counting the reminder
    // times reached in the last two days whatever ran before on this stack.
    await reminderRepository.setLastRun(new Date(Date.now() - 49 * 3600_000).toISOString());
    const operator = await operatorSessionToken('e2e-reminder-operator');
    const run = await fetch(`${baseUrl()}/api/golf/ops/reminders/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator}`, accept: 'application/json' },
    });
    expect(run.status).toBe(200);
    expect(((await run.json()) as { sent: { email: number } }).sent.email).toBeGreaterThan(0);

    await page.goto(`/dev/outbox?to=${encodeURIComponent(`${userId}@example.com`)}`);
    const mail = page.locator('article').filter({ hasText: '【締め切り' }).first();
    await mail.waitFor();
    expect(await mail.innerText()).toContain('チームがまだありません');
    // The sample season's LINE subscribers got theirs in the LINE outbox.
    const line = await newPage(browser());
    await line.page.goto('/dev/line-outbox');
    await line.page.locator('article').filter({ hasText: '【締め切り' }).first().waitFor();
    await closeChecked(line);

    await mail.getByRole('link', { name: /\/reminders\/unsubscribe\// }).click();
    await page.getByRole('button', { name: '配信を停止する' }).click();
    await page.getByTestId('unsubscribed').waitFor();
    await page.goto('/mypage');
    await email.waitFor();
    await expect.poll(() => email.isChecked()).toBe(false);
    await waitForPath(page, '/mypage');
    await closeChecked(session);
  });

  it('finding 5: opening the unsubscribe link (its scripts run) unsubscribes nobody; the button does, once', async () => {
    const userId = `e2e-unsubscribe-${Date.now()}`;
    const { token } = await createPlayer(userId);
    const turnedOn = await fetch(`${baseUrl()}/api/user/reminders`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: true, line: false, hours_before: [2] }),
    });
    expect(turnedOn.status).toBe(200);
    const link = (await reminderRepository.get(userId))!.unsubscribe_token;

    // A scanner opens the link, as a visitor, and lets the page run.
    const scanner = await reusedPage(browser());
    await scanner.page.goto(`/reminders/unsubscribe/${link}`);
    const button = scanner.page.getByRole('button', { name: '配信を停止する' });
    await button.waitFor();
    await scanner.page.waitForLoadState('networkidle');
    expect(await reminderRepository.get(userId)).toMatchObject({ email: true });
    expect(await scanner.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      375,
    );
    expect(await seriousViolations(scanner.page)).toEqual([]);

    // The player clicks.
    await button.click();
    await scanner.page.getByTestId('unsubscribed').waitFor();
    expect(await reminderRepository.get(userId)).toMatchObject({ email: false, line: false });
    await scanner.page.getByRole('link', { name: 'マイページでお知らせを設定する' }).waitFor();

    // The link is used up: opened again, its button says so and changes nothing.
    await scanner.page.reload();
    await scanner.page.getByRole('button', { name: '配信を停止する' }).click();
    await scanner.page.getByTestId('unsubscribe-invalid').waitFor();
    await closeChecked(scanner);
  });
});

import { describe, expect, inject, it } from 'vitest';
import { reminderRepository } from '../../functions/src/db/repositories/reminder-repository';
import { resetConfig } from '../../functions/src/lib/config';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import { baseUrl, closeChecked, newPage, useBrowser, waitForPath } from './support/browser';
import { createPlayer } from './support/users';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();

describe('deadline reminders', () => {
  it('a player turns e-mail reminders on, gets one in the local mailbox, and stops them with one click', async () => {
    const userId = `e2e-reminders-${Date.now()}`;
    const { token } = await createPlayer(userId);
    const session = await newPage(browser());
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
    const operator = (await signLocalAccessToken({ sub: 'e2e-reminder-operator', groups: ['operators'] }))
      .token;
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
    await page.getByTestId('unsubscribed').waitFor();
    await page.goto('/mypage');
    await email.waitFor();
    await expect.poll(() => email.isChecked()).toBe(false);
    await waitForPath(page, '/mypage');
    await closeChecked(session);
  });
});

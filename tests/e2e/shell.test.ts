import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, connectBrowser, newPage, type BrowserSession } from './support/browser';

/**
 * What the shell does with a real page's layout and scrolling: the scroll-to-top button. The shell's
 * screens and states (menu, footer, title bar, error pages) are checked in frontend/test/screens.
 */
let browser: Browser;
let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  session = await newPage(browser);
  page = session.page;
});

afterEach(async () => {
  const errors = session.pageErrors.map((error) => error.message);
  await session.close();
  expect(errors).toEqual([]);
});

describe('signed-in player', () => {
  const token = 'e2e-token';
  let authorizations: Array<string | undefined>;

  beforeEach(async () => {
    authorizations = [];
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);
    await page.route('**/api/user/me', (route) => {
      authorizations.push(route.request().headers()['authorization']);
      return route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          nickname: 'テスト',
          status: 'complete',
          is_accepted_policy: true,
          is_registed_email: true,
        }),
      });
    });
  });

  it('has a scroll-to-top button once the page is scrolled', async () => {
    await page.goto('/');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ja');
    await page.getByTestId('tournament-name').waitFor();
    expect(authorizations).toEqual([`Bearer ${token}`]);

    const scrollTop = page.getByRole('button', { name: 'ページの先頭へ戻る' });
    expect(await scrollTop.getAttribute('data-shown')).toBe('false');
    await page.evaluate('window.scrollTo(0, 400)');
    await page.locator('.scroll-top[data-shown="true"]').waitFor();
    await scrollTop.click();
    await expect.poll(() => page.evaluate('window.scrollY')).toBe(0);
  });

  it('keeps the scroll-to-top button off a form’s submit button', async () => {
    await page.setViewportSize({ width: 375, height: 480 });
    await page.goto('/contact');
    await page.locator('form button[type="submit"]').waitFor();
    // Scroll until the submit button sits where the scroll-to-top button is.
    await page.evaluate(`(() => {
      const submit = document.querySelector('form button[type="submit"]').getBoundingClientRect();
      const button = document.querySelector('.scroll-top').getBoundingClientRect();
      window.scrollBy(0, submit.top + submit.height / 2 - (button.top + button.height / 2));
    })()`);
    await page.waitForFunction('window.scrollY > 100');
    await page.locator('.scroll-top[data-shown="false"]').waitFor();
    const hit = await page.evaluate(`(() => {
      const button = document.querySelector('.scroll-top').getBoundingClientRect();
      const under = document.elementFromPoint(button.left + button.width / 2, button.top + button.height / 2);
      return Boolean(under && under.closest('button[type="submit"]'));
    })()`);
    expect(hit).toBe(true);
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, closeChecked, reusedPage, useBrowser } from './support/browser';

const browser = useBrowser();

interface ShellElement {
  tag: string;
  className: string | null;
  href: string | null;
  ownText: string;
  box: number[];
}

/**
 * Every element of the header bar and the hero under `root`: tag, classes, link, own text and box.
 * Runs in the page, as text: this project's tests have no DOM types.
 */
const layoutOf = (page: Page, root: string) =>
  page.evaluate(`(() => {
    const scope = document.querySelector(${JSON.stringify(root)});
    if (!scope) return null;
    return [...scope.querySelectorAll('.site-header__bar, .site-header__bar *, .hero, .hero *')]
      .filter((element) => !element.closest('svg') || element.tagName.toLowerCase() === 'svg')
      .map((element) => {
        const box = element.getBoundingClientRect();
        return {
          tag: element.tagName.toLowerCase(),
          className: element.getAttribute('class'),
          href: element.getAttribute('href'),
          ownText: [...element.childNodes]
            .filter((node) => node.nodeType === Node.TEXT_NODE)
            .map((node) => node.textContent.trim())
            .join(''),
          box: [box.x, box.y, box.width, box.height].map(Math.round),
        };
      });
  })()`) as Promise<ShellElement[] | null>;

/** The page as index.html alone shows it: the app's scripts are not loaded. */
async function withoutApp(page: Page, path: string) {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(path, { waitUntil: 'load' });
}

describe('the top page in index.html', () => {
  it('shows a visitor the same header and hero as the app renders first, before the app runs', async () => {
    const shellSession = await reusedPage(browser());
    await withoutApp(shellSession.page, '/');
    expect(await shellSession.page.locator('.top-shell').isVisible()).toBe(true);
    expect(await shellSession.page.getByRole('heading', { level: 1 }).innerText()).toContain(
      '最強のドリームチーム',
    );
    const shell = await layoutOf(shellSession.page, '.top-shell');
    await shellSession.close();

    const appSession = await reusedPage(browser());
    await appSession.page.goto('/');
    await appSession.page.locator('.hero').waitFor();
    expect(await appSession.page.locator('.top-shell').count()).toBe(0);
    const app = await layoutOf(appSession.page, '#app');
    await closeChecked(appSession);

    expect(shell).not.toBeNull();
    expect(shell!.length).toBeGreaterThan(10);
    expect(shell).toEqual(app);
  });

  it('stays hidden on other pages and for a signed-in player, where the app renders something else', async () => {
    const session = await reusedPage(browser());
    await withoutApp(session.page, '/faq');
    expect(await session.page.locator('.top-shell').isVisible()).toBe(false);

    await session.context.addCookies([{ name: 'token', value: 'x', url: baseUrl() }]);
    await withoutApp(session.page, '/');
    expect(await session.page.locator('.top-shell').isVisible()).toBe(false);
    await session.close();
  });
});

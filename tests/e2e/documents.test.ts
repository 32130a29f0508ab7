import { describe, expect, it } from 'vitest';
import { closeChecked, newPage, useBrowser } from './support/browser';

/** What the test reads of an element in the page (this project checks Node code without the DOM library). */
interface Boxed {
  getBoundingClientRect(): { top: number };
}

// The documents' pages, headings, links and FAQ are screen tests (frontend/test/screens/documents.test.tsx);
// where the table of contents scrolls to needs a browser's layout.
const browser = useBrowser();

describe('/howto', () => {
  it('scrolls a section of the rules to the top of the screen from the table of contents', async () => {
    const session = await newPage(browser());
    const { page } = session;
    await page.goto('/howto');
    await page.locator('.document-section').last().waitFor();
    await page
      .getByRole('navigation', { name: '目次' })
      .getByRole('link', { name: '年間ランキング' })
      .click();
    const yearly = page.locator('.document-section', {
      has: page.getByRole('heading', { name: '年間ランキング' }),
    });
    // A smooth scroll over the whole rules takes a while: the page is several screens long.
    await expect
      .poll(
        () => yearly.evaluate((element) => (element as unknown as Boxed).getBoundingClientRect().top < 400),
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/howto');
    await closeChecked(session);
  });
});

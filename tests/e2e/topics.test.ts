import { describe, expect, it } from 'vitest';
import { topicListSchema } from '@golf/shared/schemas/topic';
import { apiGet, closeChecked, newPage, useBrowser, waitForPath } from './support/browser';

const browser = useBrowser();

describe('topics', () => {
  it('shows the newest topics on the top page and opens one on /topics', async () => {
    const { topics } = topicListSchema.parse(await apiGet('/api/topics'));
    const newest = topics[0]!;
    const session = await newPage(browser());
    const { page } = session;

    await page.goto('/');
    const lines = page.getByTestId('top-topic');
    await lines.first().waitFor();
    expect(await lines.count()).toBe(3);
    expect(await lines.first().innerText()).toContain(newest.title);
    await lines.first().click();

    await waitForPath(page, '/topics');
    expect(await page.locator('.title-bar__title').innerText()).toBe('トピックス');
    const opened = page.locator(`#topic-${newest.id}`);
    expect(await opened.getAttribute('open')).not.toBeNull();
    expect(await opened.locator('.topic__body').innerText()).toContain(newest.body.split('\n')[0]!);
    expect(await page.getByTestId('topic').count()).toBe(topics.length);

    const second = page.getByTestId('topic').nth(1);
    expect(await second.getAttribute('open')).toBeNull();
    await second.locator('summary').click();
    expect(await second.getAttribute('open')).not.toBeNull();
    await closeChecked(session);
  });
});

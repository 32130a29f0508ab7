import { screen, waitFor } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TopicList } from '@golf/shared/schemas/topic';
import { apiGet, openApp, waitForPath } from './render-app';

/** The newest topics on the top page, and /topics with the one chosen opened. */
const user = () => userEvent.setup();

describe('topics', () => {
  it('shows the newest topics on the top page and opens one on /topics', async () => {
    const { topics } = await apiGet<TopicList>('/api/topics');
    const newest = topics[0]!;
    await openApp('/');
    await waitFor(() => expect(screen.queryAllByTestId('top-topic')).toHaveLength(3));
    const first = screen.getAllByTestId('top-topic')[0]!;
    expect(first.textContent).toContain(newest.title);
    await user().click(first);

    await waitForPath('/topics');
    await waitFor(() => expect(screen.queryAllByTestId('topic')).toHaveLength(topics.length));
    expect(document.querySelector('.title-bar__title')?.textContent).toBe('トピックス');
    const opened = document.getElementById(`topic-${newest.id}`)!;
    await waitFor(() => expect(opened.hasAttribute('open')).toBe(true));
    expect(opened.querySelector('.topic__body')?.textContent).toContain(newest.body.split('\n')[0]!);

    const second = screen.getAllByTestId('topic')[1]!;
    expect(second.hasAttribute('open')).toBe(false);
    await user().click(second.querySelector('summary')!);
    expect(second.hasAttribute('open')).toBe(true);
  });
});

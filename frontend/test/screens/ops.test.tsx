import { screen } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { openApp } from './render-app';

/**
 * The operator console (/ops) as a player who is not an operator sees it: its first call answers
 * 403, which shows the 404 page, so the console is not even seen to exist. That every operator call
 * answers a player 403 is checked route by route in tests/api/access-matrix.test.ts; the console's
 * journeys run in tests/e2e/ops-console.test.ts.
 */
describe('the operator console', () => {
  it.each(['/ops', '/ops/prizes', '/ops/rounds'])('is the 404 page to a player at %s', async (path) => {
    await openApp(path, { as: 'player' });
    await screen.findByText('お探しのページが見つかりませんでした。');
    expect(location.pathname).toBe(path);
    expect(document.querySelector('.ops')).toBeNull();
  });
});

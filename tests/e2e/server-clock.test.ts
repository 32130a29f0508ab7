import { describe, expect, it } from 'vitest';
import type { TournamentScore } from '../../shared/src/schemas/schedule';
import { nowMs } from '../../functions/src/lib/clock';
import { closeChecked, newPage } from './support/browser';
import { useOwnStack } from './support/own-stack';
import { createPlayer } from './support/users';

/**
 * A phone whose clock is set wrong still counts down to the deadline by the game's clock: the SPA
 * takes the server's time from the API's answers. The game clock is moved away from the machine's
 * too, so the time can only come from the stack. Moving it needs a stack of the file's own.
 */
const own = useOwnStack();
const day = 24 * 3600_000;

describe('the countdown', () => {
  it("the countdown follows the server's clock, not the phone's", async () => {
    const schedule = await fetch(new URL('/api/golf/schedule/score', own.stack().url));
    const { schedule: tournament } = (await schedule.json()) as TournamentScore;
    const open = tournament.rounds.find((round) => round.status === 'scheduled')!;
    const deadline = Date.parse(open.deadline_at);
    // The game's time: 2 hours 30 minutes and 45 seconds before the open round's deadline.
    await own.stack().setClock(new Date(deadline - (150 * 60 + 45) * 1000));
    const { token } = await createPlayer(`e2e-clock-${Date.now()}`);

    /** The countdown as the game's clock reads it, in the page's hours-and-minutes form. */
    const left = () => {
      const minutes = Math.floor((deadline - nowMs()) / 60_000);
      return `あと ${Math.floor(minutes / 60)}時間 ${minutes % 60}分`;
    };
    const countdownText = async (path: string) => {
      await page.goto(path);
      const value = page.getByRole('timer').locator('.countdown__value');
      await value.waitFor();
      const before = left();
      // The first paint may be the phone's time, until the first answer has told the server's.
      await expect.poll(() => value.innerText()).not.toBe('締切済み');
      const shown = await value.innerText();
      return { shown, expected: [before, left()] };
    };

    const session = await newPage(own.browser(), { baseUrl: own.stack().url });
    const { page } = session;
    // The phone believes the deadline passed three days ago.
    await page.clock.install({ time: new Date(deadline + 3 * day) });

    // A visitor's game top asks only answers the CDN keeps.
    const visitor = await countdownText('/gametop');
    expect(visitor.expected).toContain(visitor.shown);

    await session.context.addCookies([{ name: 'token', value: token, url: own.stack().url }]);
    const player = await countdownText(`/schedule/round/${open.round}`);
    expect(player.expected).toContain(player.shown);
    await closeChecked(session);
  });
});

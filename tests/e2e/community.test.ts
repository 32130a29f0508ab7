import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rankingPageResponseSchema } from '@golf/shared/schemas/ranking';
import { resetConfig } from '../../functions/src/lib/config';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import { guildRepository } from '../../functions/src/db/repositories/guild-repository';
import { prizeDrawRepository } from '../../functions/src/db/repositories/prize-draw-repository';
import { prizeRepository } from '../../functions/src/db/repositories/prize-repository';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { seriousViolations } from './support/axe';
import {
  apiGet,
  baseUrl,
  closeChecked,
  isInViewport,
  newPage,
  textLines,
  useBrowser,
  waitForPath,
  type BrowserSession,
} from './support/browser';
import { createPlayer } from './support/users';

/**
 * What the community pages (guilds, rankings, season charts, prizes) need a browser for: a guild's
 * image chosen with a file input and its join code copied to the clipboard, how the pinned rank
 * wraps on a narrow phone, the jump that scrolls to it and the place it keeps while it loads (no
 * layout shift), the season charts' accessibility, and a prize claimed from my page down to what is
 * stored. One page goes through them, signed in as each step's player in turn. Their screens and
 * states are checked in frontend/test/screens (guild, ranking, quiz, season, prizes, topics).
 */
for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();
let session: BrowserSession;

beforeAll(async () => {
  session = await newPage(browser());
});

afterAll(async () => {
  await closeChecked(session);
});

/** The page's player from now on. */
async function signIn(token: string): Promise<void> {
  await session.context.clearCookies();
  await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);
}

// A 1x1 PNG, for the guild image upload.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAABJRU5ErkJggg==',
  'base64',
);

describe('guilds', () => {
  it('creates a guild with an image, copies its join code, and shows the image on its page', async () => {
    const stamp = Date.now();
    const guildName = `E2E${String(stamp).slice(-6)}`;
    const { userId, token } = await createPlayer(`e2e-guild-owner-${stamp}`, { nickname: 'マスター' });
    await signIn(token);
    const { page } = session;

    await page.goto('/guild');
    await page.getByRole('link', { name: /ギルドを作る/ }).click();
    await waitForPath(page, '/guild/create');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'emblem.png', mimeType: 'image/png', buffer: png });
    await page.locator('.guild-form__image img').waitFor();
    await page.getByRole('textbox', { name: 'ギルド名' }).fill(guildName);
    await page.getByRole('radio', { name: '参加コードを知っている人だけ' }).check();
    await page.getByRole('button', { name: '確認画面へ' }).click();
    await waitForPath(page, '/guild/create/confirm');
    await page.getByRole('button', { name: 'ギルドを作る' }).click();
    await waitForPath(page, '/guild/create/complete');
    const code = (await page.getByTestId('join-code').locator('strong').innerText()).trim();
    expect(code).toMatch(/^[0-9A-Z]{8}$/);
    // The owner copies the code to pass it on.
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'コピー' }).click();
    await page.getByText('参加コードをコピーしました。').waitFor();
    expect(
      await page.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText(),
      ),
    ).toBe(code);

    const guild = await guildRepository.getMembership(userId);
    await page.goto(`/guild/${guild!.guild_id}/show`);
    await page.getByTestId('guild-detail').locator('img').waitFor();
    expect(await page.getByTestId('guild-detail').locator('img').count()).toBe(1);
  });
});

describe('guild chat', () => {
  it('opens at the newest post and scrolls to a message once it is sent', async () => {
    const stamp = Date.now();
    const { userId, token } = await createPlayer(`e2e-chat-${stamp}`, { nickname: 'チャット' });
    const guildId = `e2e-chat-${stamp}`;
    const at = new Date(stamp - 86_400_000).toISOString();
    await guildRepository.create({
      guild_id: guildId,
      name: `チャット${String(stamp).slice(-6)}`,
      comment: '',
      entry_type: 2,
      is_public: false,
      image_key: null,
      image_type: 1,
      owner_id: userId,
      join_code: 'CHATTEST',
      member_count: 1,
      created_at: at,
      updated_at: at,
    });
    // More posts than a phone shows at once, oldest first (their ids sort before the API's ULIDs).
    for (let i = 0; i < 30; i++)
      await guildRepository.putChatMessage({
        guild_id: guildId,
        message_id: `00E2E${String(i).padStart(3, '0')}`,
        user_id: userId,
        message: `${i + 1}番目のメッセージです`,
        posted_at: new Date(stamp - 3_600_000 + i * 60_000).toISOString(),
      });
    await signIn(token);
    const { page } = session;
    const log = page.locator('.chat__log');
    /** How far the log is from its end, in pixels (0: the newest post shows at its bottom). */
    const fromEnd = () =>
      log.evaluate((element) => {
        const box = element as unknown as { scrollTop: number; scrollHeight: number; clientHeight: number };
        return box.scrollHeight - box.clientHeight - box.scrollTop;
      });

    await page.goto(`/guild/${guildId}/chat`);
    const newest = page.getByText('30番目のメッセージです');
    await newest.waitFor();
    expect(
      await log.evaluate((element) => (element as unknown as { scrollTop: number }).scrollTop),
    ).toBeGreaterThan(0);
    expect(await fromEnd()).toBeLessThanOrEqual(1);
    expect(await isInViewport(newest)).toBe(true);

    await page.getByRole('textbox', { name: 'メッセージ' }).fill('送ったメッセージ');
    await page.getByRole('button', { name: '送信' }).click();
    const sent = page.getByTestId('chat-message').filter({ hasText: '送ったメッセージ' });
    await sent.waitFor();
    await expect.poll(fromEnd).toBeLessThanOrEqual(1);
    expect(await isInViewport(sent)).toBe(true);
  });
});

describe('/ranking/golf/personal', () => {
  it('keeps 「あなたの順位」 and its rank on one line each down to 320 px, and the jump scrolls to my row', async () => {
    const second = rankingPageResponseSchema.parse(await apiGet('/api/golf/ranking?perPage=50&page=2'));
    const me = second.rankings[3]!;
    await signIn((await signLocalAccessToken({ sub: me.user_id })).token);
    const { page } = session;

    await page.goto('/ranking/golf/personal');
    await page.getByTestId('my-rank').waitFor();
    expect(await page.getByTestId('my-rank').innerText()).toContain(`${me.rank}位`);
    // No word breaks inside 順位, down to a 320 px phone: 「あなたの順位」 and 「N位」 each stay on one line.
    await page.setViewportSize({ width: 320, height: 720 });
    for (const part of ['.ranking-mine__label', '.ranking-mine__rank'])
      expect(await textLines(page.locator(`[data-testid="my-rank"] ${part}`)), part).toBe(1);
    await page.setViewportSize({ width: 375, height: 812 });

    await page.getByRole('button', { name: '自分の順位へ' }).click();
    await page.locator('tr[data-mine="true"]').waitFor();
    expect(await page.locator('.pager__status').innerText()).toMatch(/^2 \//);
    await expect.poll(() => isInViewport(page.locator('tr[data-mine="true"]'))).toBe(true);
  });

  it("shifts no layout when the player's own rank arrives after the ranking (CLS 0), on a phone", async () => {
    const first = rankingPageResponseSchema.parse(await apiGet('/api/golf/ranking'));
    await signIn((await signLocalAccessToken({ sub: first.rankings[0]!.user_id })).token);
    const { page } = session;
    // The player's own rank is held back until the ranking has been painted, as on a slow phone.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const ownRank = (url: URL) => url.pathname === '/api/golf/ranking/user';
    await page.route(ownRank, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto('/ranking/golf/personal');
      const table = page.locator('table').filter({ has: page.getByTestId('ranking-row') });
      await table.waitFor();
      // Layout shifts since the page was opened: those delivered, and those still queued (takeRecords).
      await page.evaluate(`
        window.__shifts = [];
        window.__shiftObserver = new PerformanceObserver((list) => window.__shifts.push(...list.getEntries()));
        window.__shiftObserver.observe({ type: 'layout-shift', buffered: true });`);
      const top = (await table.boundingBox())!.y;
      release();
      await page.getByTestId('my-rank').waitFor();
      // Two frames rendered after the rank: any shift it caused is measured by then.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const frame = (globalThis as unknown as { requestAnimationFrame(next: () => void): void })
              .requestAnimationFrame;
            frame(() => frame(resolve));
          }),
      );
      expect((await table.boundingBox())!.y).toBe(top);
      const shifts = (await page.evaluate(
        `[...window.__shifts, ...window.__shiftObserver.takeRecords()]
          .filter((entry) => !entry.hadRecentInput).map((entry) => entry.value)`,
      )) as number[];
      expect(shifts).toEqual([]);
    } finally {
      release();
      await page.unroute(ownRank);
    }
  });
});

describe('season charts on /mypage', () => {
  it("has no serious accessibility violation in the sample player's charts", async () => {
    await signIn((await signLocalAccessToken({ sub: 'sample-user-0005' })).token);
    const { page } = session;
    await page.goto('/mypage');
    await page.getByRole('table', { name: 'ラウンドごとのスコアと順位' }).waitFor();
    await page.getByRole('img', { name: /大会ごとの年間ポイント/ }).waitFor();
    expect(await seriousViolations(page, '[data-testid="season-charts"]')).toEqual([]);
  });
});

describe('tables at 375 px and 1280 px', () => {
  it('table headers keep their words whole at 375 px (no 「ラウ／ンド」)', async () => {
    await signIn((await signLocalAccessToken({ sub: 'sample-user-0005' })).token);
    const { page } = session;
    const pages = [
      { path: '/mypage', ready: '[data-testid="season-round-table"]' },
      { path: '/ranking/golf/personal', ready: '[data-testid="ranking-row"]' },
      { path: '/schedule/score', ready: '.leaderboard__table' },
    ];
    const wrapped: string[] = [];
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 812 });
      for (const { path, ready } of pages) {
        await page.goto(path);
        await page.locator(ready).first().waitFor();
        for (const header of await page.locator('thead th').all())
          if ((await textLines(header)) > 1) wrapped.push(`${width} px ${path}: ${await header.innerText()}`);
        // Nothing is pushed past the screen's edge in their place.
        expect(
          await page.evaluate(() => {
            const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
              .document.documentElement;
            return root.scrollWidth <= (globalThis as unknown as { innerWidth: number }).innerWidth;
          }),
          `${width} px ${path}`,
        ).toBe(true);
      }
    }
    await page.setViewportSize({ width: 375, height: 812 });
    expect(wrapped).toEqual([]);
  });
});

/** A winner of a sample entry prize who has not claimed anything yet. */
async function unclaimedWinner(): Promise<{
  userId: string;
  prizeId: string;
  name: string;
  tournamentName: string;
}> {
  for (const prize of await prizeRepository.listByKind('entry')) {
    for (const userId of (await prizeDrawRepository.getPrizeDraw(prize.id))?.winners ?? []) {
      const wins = await prizeDrawRepository.listPrizeWins(userId);
      const tournament = await tournamentRepository.get(prize.game_global_id!);
      if (wins.every((win) => win.claimed_at === null))
        return { userId, prizeId: prize.id, name: prize.name, tournamentName: tournament!.tournament_name };
    }
  }
  throw new Error('the sample season has no unclaimed winner');
}

describe('prize claim', () => {
  it('goes from my page to the claim form, confirm and the sent page; the prize then shows as claimed', async () => {
    const winner = await unclaimedWinner();
    await signIn((await signLocalAccessToken({ sub: winner.userId })).token);
    const { page } = session;

    await page.goto('/mypage');
    const card = page.locator(`a[href="/mypage/prize/${winner.prizeId}"]`);
    await card.waitFor();
    expect(await card.innerText()).toContain(winner.tournamentName);
    expect(await card.innerText()).toMatch(
      /受け取り期限：\d{1,2}\/\d{1,2}\([日月火水木金土]\) \d{1,2}:\d{2}/,
    );
    await card.click();
    await waitForPath(page, `/mypage/prize/${winner.prizeId}`);
    await page.getByText('受け取り手続き', { exact: true }).waitFor();

    await page.getByRole('textbox', { name: 'メールアドレス', exact: true }).fill('claim@example.com');
    await page.getByRole('textbox', { name: 'メールアドレス（確認用）' }).fill('claim@example.org');
    await page.getByRole('button', { name: '確認画面へ' }).click();
    await page.getByText('確認用のメールアドレスが一致しません。').waitFor();
    await page.getByRole('textbox', { name: 'メールアドレス（確認用）' }).fill('claim@example.com');
    await page.getByRole('button', { name: '確認画面へ' }).click();

    await waitForPath(page, `/mypage/prize/${winner.prizeId}/confirm`);
    expect(await page.locator('.confirm-list').innerText()).toContain('claim@example.com');
    await page.getByRole('button', { name: '送信する' }).click();
    await waitForPath(page, '/mypage/prize/email_send');
    await page.getByRole('heading', { name: '受け取り手続きを受け付けました' }).waitFor();
    expect((await prizeDrawRepository.getPrizeWin(winner.userId, winner.prizeId))?.claim_email).toBe(
      'claim@example.com',
    );

    await page.goto(`/mypage/prize/${winner.prizeId}`);
    await page.getByTestId('prize-claimed').waitFor();
  });
});

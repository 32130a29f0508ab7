import { describe, expect, inject, it } from 'vitest';
import type { TournamentScore } from '@golf/shared/schemas/schedule';
import { resetConfig } from '../../functions/src/lib/config';
import { guildRepository } from '../../functions/src/db/repositories/guild-repository';
import { apiGet, baseUrl, closeChecked, newPage, useBrowser, waitForPath } from './support/browser';
import { createPlayer } from './support/users';

/**
 * A guild member on a phone builds his team of the open round one golfer at a time, each 選択する
 * saving one pick (かんたん for drafts 1 and 3, アドバンス for 2 and 4), and finds the game's post about
 * it in his guild's chat. The slot save writes the post beside the team: a save whose grants leave
 * the guild chat out stores the team and loses the post, which only the chat shows.
 */
for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();

/** A guild of the test's own: its owner, and the member who builds the team. */
async function guildWithMember(stamp: number, memberId: string) {
  const { userId: ownerId } = await createPlayer(`e2e-post-owner-${stamp}`, { nickname: 'マスター' });
  const guildId = `e2e-post-${stamp}`;
  const joinCode = `P${String(stamp).slice(-7)}`;
  const at = new Date(stamp - 86_400_000).toISOString();
  expect(
    await guildRepository.create({
      guild_id: guildId,
      name: `チーム報告${String(stamp).slice(-6)}`,
      comment: '',
      entry_type: 2,
      is_public: false,
      image_key: null,
      image_type: 1,
      owner_id: ownerId,
      join_code: joinCode,
      member_count: 1,
      created_at: at,
      updated_at: at,
    }),
  ).toBeNull();
  expect(await guildRepository.join(guildId, memberId, at, { code: joinCode })).toBeNull();
  return guildId;
}

describe('a team built one golfer at a time', () => {
  it('a guild member who builds a team one golfer at a time sees the guild post, on a phone', async () => {
    const stamp = Date.now();
    const nickname = `一人ずつ${String(stamp).slice(-4)}`;
    const { userId, token } = await createPlayer(`e2e-post-member-${stamp}`, { nickname });
    const guildId = await guildWithMember(stamp, userId);
    const { schedule } = await apiGet<TournamentScore>('/api/golf/schedule/score');
    const open = schedule.rounds.find((round) => round.status === 'scheduled');
    if (!open) throw new Error('the sample season has no open round');
    const roundPath = `/schedule/round/${open.round}`;

    const session = await newPage(browser());
    const { page } = session;
    expect(page.viewportSize()?.width).toBe(375);
    await session.context.addCookies([{ name: 'token', value: token, url: baseUrl() }]);
    await page.goto(roundPath);

    for (const draft of [1, 2, 3, 4]) {
      const slot = page.getByTestId(`slot-${draft}`);
      const mode = draft % 2 === 1 ? 'かんたん' : 'アドバンス';
      await slot.getByRole('link', { name: mode, exact: true }).click();
      // The first golfer the list offers who is not on the team yet.
      const list = page.getByTestId(draft % 2 === 1 ? 'indicator-card' : 'field-player');
      await list.first().waitFor();
      await list.filter({ hasNotText: '選択中' }).first().click();
      await page.getByTestId('player-name').waitFor();
      await page.getByRole('button', { name: '選択する', exact: true }).click();
      await waitForPath(page, roundPath);
      await page.locator(`[data-testid="slot-${draft}"][data-filled="true"]`).waitFor();
    }

    await page.getByRole('link', { name: 'ギルド', exact: true }).first().click();
    await waitForPath(page, '/guild');
    await page.getByRole('link', { name: /チャット/ }).click();
    await waitForPath(page, `/guild/${guildId}/chat`);
    const post = page
      .getByTestId('chat-game-post')
      .filter({ hasText: `${nickname}さんが第${open.round}ラウンドのチームを登録しました。` });
    await post.waitFor();
    expect(await post.count()).toBe(1);
    await closeChecked(session);
  });
});

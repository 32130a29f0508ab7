import { screen, waitFor, within } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RankingPageResponse } from '@golf/shared/schemas/ranking';
import type { MyGuild } from '@golf/shared/schemas/guild';
import { apiGet, openApp, waitForPath } from './render-app';
import { apiAs } from './support/api';

/**
 * The guild screens: a guild made through the form, found and joined by its code, its chat, members,
 * edit pages and settings, leaving it; and a sample guild's standing against its neighbours. The
 * image upload and copying the join code to the clipboard are checked in a browser
 * (tests/e2e/community.test.ts).
 */
const user = () => userEvent.setup();
/** Puts `text` in the field as a paste does: one input, however long. */
async function fill(field: HTMLElement, text: string) {
  await user().clear(field);
  await user().click(field);
  await user().paste(text);
}
const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const joinCode = () => screen.getByTestId('join-code').querySelector('strong')!.textContent!.trim();
const messages = () => screen.queryAllByTestId('chat-message');
const guildDetail = () => screen.getByTestId('guild-detail');

describe('a code guild, its owner and a member', () => {
  const guildName = `画面${String(Date.now()).slice(-6)}`;
  let code = '';
  let guildId = '';

  it('is made through the form, its confirm page and the complete page, which gives the join code', async () => {
    await openApp('/guild', { as: 'guildOwner' });
    // The file's first page evaluates the whole app's modules for the first time: it may take longer.
    await user().click(await screen.findByRole('link', { name: /ギルドを作る/ }, { timeout: 25_000 }));
    await waitForPath('/guild/create');
    await fill(await screen.findByRole('textbox', { name: 'ギルド名' }), guildName);
    await fill(textbox('紹介文'), '週末ゴルファーの集まりです');
    await user().click(screen.getByRole('radio', { name: '参加コードを知っている人だけ' }));
    await user().click(screen.getByRole('button', { name: '確認画面へ' }));
    await waitForPath('/guild/create/confirm');
    await waitFor(() => expect(document.querySelector('.confirm-list')?.textContent).toContain(guildName));
    await user().click(screen.getByRole('button', { name: 'ギルドを作る' }));
    await waitForPath('/guild/create/complete');
    await screen.findByTestId('join-code');
    code = joinCode();
    expect(code).toMatch(/^[0-9A-Z]{8}$/);
    guildId = (await apiAs<MyGuild>('guildOwner', 'GET', '/api/golf/guild/mine')).guild!.guild_id;
  });

  it('is found in the list, asks for the code, refuses a wrong one and takes a pasted one', async () => {
    await openApp(`/guild/list?name=${encodeURIComponent(guildName)}`, { as: 'guildMember' });
    const card = (await screen.findAllByTestId('guild-card')).find((c) => c.textContent?.includes(guildName));
    await user().click(card!);
    await screen.findByText('このギルドには参加コードが必要です。', { exact: false });

    await openApp('/guild/code', { as: 'guildMember' });
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: '参加コード' });
    await fill(field, 'ZZZZZZZZ');
    await user().click(screen.getByRole('button', { name: '参加する' }));
    await screen.findByText('参加コードが正しくありません。');
    // Pasted from a message with spaces around and inside it, in lower case: still the code.
    await fill(field, `  ${code.slice(0, 4).toLowerCase()} ${code.slice(4)}\u3000`);
    expect(field.value).toBe(code);
    await user().click(screen.getByRole('button', { name: '参加する' }));
    await waitForPath(`/guild/code/${guildId}/complete`);
  });

  it('has a chat where text stays text and new posts come in while it is open', async () => {
    await openApp(`/guild/${guildId}/chat`, { as: 'guildMember' });
    await fill(await screen.findByRole('textbox', { name: 'メッセージ' }), 'よろしくお願いします <b>!</b>');
    await user().click(screen.getByRole('button', { name: '送信' }));
    await waitFor(() =>
      expect(messages().some((m) => m.textContent?.includes('よろしくお願いします <b>!</b>'))).toBe(true),
    );

    await openApp(`/guild/${guildId}/chat`, { as: 'guildOwner' });
    await waitFor(() =>
      expect(messages().some((m) => m.textContent?.includes('よろしくお願いします'))).toBe(true),
    );
    expect(document.querySelectorAll('.chat-message__text b')).toHaveLength(0);
    await fill(screen.getByRole('textbox', { name: 'メッセージ' }), 'ようこそ！');
    await user().click(screen.getByRole('button', { name: '送信' }));
    await waitFor(() => expect(messages().some((m) => m.textContent?.includes('ようこそ！'))).toBe(true));

    // The member's open chat shows what the owner posts next, without a reload: it asks again every
    // 5 s (frontend/src/features/guild/api/guild-queries.ts). The clock runs on, and is moved past
    // those 5 s instead of waiting them out.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await openApp(`/guild/${guildId}/chat`, { as: 'guildMember' });
      await waitFor(() => expect(messages().some((m) => m.textContent?.includes('ようこそ！'))).toBe(true));
      await apiAs('guildOwner', 'POST', `/api/golf/guild/${guildId}/chat`, { message: '次のラウンドも' });
      await vi.advanceTimersByTimeAsync(5_000);
      await waitFor(() =>
        expect(messages().some((m) => m.textContent?.includes('次のラウンドも'))).toBe(true),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists both members, and only the owner edits its profile and settings', async () => {
    await openApp(`/guild/${guildId}/member`, { as: 'guildOwner' });
    await waitFor(() => expect(screen.queryAllByTestId('guild-member')).toHaveLength(2));
    for (const page of ['profile/edit', 'edit']) {
      await openApp(`/guild/${guildId}/${page}`, { as: 'guildMember' });
      await screen.findByText('このギルドは編集できません');
    }

    await openApp(`/guild/${guildId}/show`, { as: 'guildOwner' });
    await user().click(await screen.findByRole('link', { name: 'ギルドのプロフィールを編集する' }));
    await waitForPath(`/guild/${guildId}/profile/edit`);
    const comment = await screen.findByRole('textbox', { name: '紹介文' });
    await waitFor(() => expect((comment as HTMLTextAreaElement).value).toBe('週末ゴルファーの集まりです'));
    await fill(comment, '初心者も歓迎します');
    await user().click(screen.getByRole('button', { name: '保存する' }));
    await waitForPath(`/guild/${guildId}/show`);
    await waitFor(() => expect(guildDetail().textContent).toContain('初心者も歓迎します'));

    // Settings: a new join code replaces the old one; the guild opens to anyone.
    await user().click(screen.getByRole('link', { name: '参加方法・公開の設定' }));
    await waitForPath(`/guild/${guildId}/edit`);
    await screen.findByTestId('join-code');
    await user().click(screen.getByRole('button', { name: '新しい参加コードを発行する' }));
    await waitFor(() => expect(joinCode()).not.toBe(code));
    await user().click(screen.getByRole('radio', { name: 'だれでも参加できる' }));
    await user().click(screen.getByRole('button', { name: '保存する' }));
    await waitForPath(`/guild/${guildId}/show`);
    await waitFor(() => expect(guildDetail().textContent).toContain('だれでも参加'));
  });

  it('lets the member leave', async () => {
    await openApp(`/guild/${guildId}/show`, { as: 'guildMember' });
    await user().click(await screen.findByRole('button', { name: 'ギルドから退出する' }));
    await user().click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '退出する' }));
    await waitForPath('/guild/withdrawal/complete');
    await openApp('/guild', { as: 'guildMember' });
    await screen.findByRole('link', { name: /ギルドを探す/ });
  });
});

describe('guild vs guild', () => {
  it("shows a guild against its neighbours on its page, and the game's posts in its chat", async () => {
    const board = await apiGet<RankingPageResponse>('/api/golf/ranking/guild');
    const mine = (await apiAs<MyGuild>('guildRival', 'GET', '/api/golf/guild/mine')).guild!;
    const own = board.rankings.find((row) => row.guild_id === mine.guild_id)!;
    // A guild with a guild strictly better than it: its page names that guild as the one above.
    const above = board.rankings.filter((row) => row.value < own.value).at(-1);
    expect(above, "the sample player's guild has a better one above it").toBeDefined();

    await openApp(`/guild/${own.guild_id}/show`, { as: 'guildRival' });
    const versus = await screen.findByTestId('guild-versus');
    await waitFor(() => expect(versus.textContent).toContain(`${above!.rank}位 ${above!.nickname}`));
    const shown = versus.textContent;
    expect(shown).toContain('ギルド対抗');
    expect(shown).toContain('このギルド');
    expect(shown).toContain('ひとつ上');
    expect(shown).toContain(`平均 ${own.display_value}`);

    // The ranking job told the guild its final results: a post under the game's label, not a member's.
    await openApp(`/guild/${own.guild_id}/chat`, { as: 'guildRival' });
    const post = await waitFor(() => {
      const found = screen
        .queryAllByTestId('chat-game-post')
        .find((p) => p.textContent?.includes('ラウンドの結果が確定しました'));
      expect(found).toBeDefined();
      return found!;
    });
    expect(post.querySelector('.chat-message__name')?.textContent).toBe('ゲームからのお知らせ');
    expect(post.getAttribute('data-author')).toBe('game');
    expect(post.getAttribute('data-mine')).toBe('false');
  });
});

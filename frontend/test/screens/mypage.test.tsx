import { screen, waitFor, within } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApi, jsonAnswer, openApp, playerToken, waitForPath } from './render-app';
import { apiAs } from './support/api';
import { callApi } from './support/accounts';

/** The player's own page and the first-visit tutorial, each with a player of its own. */
const user = () => userEvent.setup();
const carryOver = () => screen.findByRole<HTMLInputElement>('switch', { name: /次のラウンドに引き継ぐ/ });

async function me(player: 'accountsMypage' | 'accountsTutorial'): Promise<Record<string, unknown>> {
  const response = await callApi('/api/user/me', { token: playerToken(player) });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe('/mypage', () => {
  it("shows the player's profile and score, and switches carry-over on for every round page", async () => {
    await openApp('/mypage', { as: 'accountsMypage' });
    await waitFor(() => expect(screen.getByTestId('mypage-nickname').textContent).toBe('マイページ太郎'));
    expect(document.querySelector('.title-bar__title')?.textContent).toBe('マイページ');
    await screen.findByTestId('my-score');

    const toggle = await carryOver();
    expect(toggle.checked).toBe(false);
    await user().click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(true));
    await waitFor(async () => expect((await me('accountsMypage'))['is_copy_next_round']).toBe(true));

    await user().click(screen.getByRole('link', { name: /^ゲームトップ/ }));
    await waitForPath('/gametop');
    await openApp('/schedule/round/2', { as: 'accountsMypage' });
    const roundToggle = await carryOver();
    expect(roundToggle.checked).toBe(true);
    await user().click(roundToggle);
    await waitFor(() => expect(roundToggle.checked).toBe(false));
    // Three pages and two switches: more than the other screens, as its browser journey was.
  }, 60_000);
});

describe('a tournament not started yet on /mypage', () => {
  it('shows it as not started: no 速報 and no total score', async () => {
    answerApi('/api/golf/schedule/score/me', () =>
      jsonAnswer({
        game_global_id: 'screen-unstarted',
        tournament_name: '開幕前オープン',
        rounds: [1, 2, 3, 4].map((round) => ({
          round,
          status: 'scheduled',
          deadline_at: `2030-11-2${round}T22:00:00.000Z`,
          has_team: round === 1,
          late_join: false,
          score: { kind: 'not_started', score: null, provisional: true },
        })),
        total: { score: 0, provisional: true },
      }),
    );
    await openApp('/mypage', { as: 'accountsMypage' });
    const card = await screen.findByTestId('my-score');
    expect(within(card).queryByText('速報')).toBeNull();
    within(card).getByText('開始前');
    expect(screen.getByTestId('my-score-total').textContent).toBe('-');
    expect(card.textContent).not.toContain('E');
    within(card).getByText(/大会はまだ始まっていません/);
  });
});

describe('deadline reminders on /mypage', () => {
  it('saves each change of channel and time as it is made', async () => {
    await openApp('/mypage', { as: 'accountsReminders' });
    const card = within(await screen.findByTestId('reminder-settings'));
    const byMail = await card.findByRole<HTMLInputElement>('switch', { name: /メールで受け取る/ });
    expect(byMail.checked).toBe(false);
    // Each change is shown at once and kept once the save is back (it stays on screen if it fails).
    const saved = async (control: HTMLInputElement) =>
      waitFor(() => {
        expect(control.checked).toBe(true);
        expect(control.disabled).toBe(false);
      });
    await user().click(byMail);
    await saved(byMail);
    const sixHours = card.getByRole<HTMLInputElement>('checkbox', { name: '6時間前' });
    await user().click(sixHours);
    await saved(sixHours);
    expect(card.queryByRole('alert')).toBeNull();
    expect(await apiAs('accountsReminders', 'GET', '/api/user/reminders')).toMatchObject({
      email: true,
      line: false,
      hours_before: [24, 6, 2],
    });
  });
});

describe('first-visit tutorial', () => {
  const tutorial = () => screen.queryByTestId('tutorial');

  it('shows once to a new player, and never again after it is finished', async () => {
    await openApp('/schedule/round/4', { as: 'accountsTutorial' });
    await screen.findByRole('dialog', { name: 'ようこそ！' });
    const dialog = screen.getByTestId('tutorial');
    expect(dialog.textContent).toContain('1 / 4');
    for (let step = 0; step < 3; step++)
      await user().click(within(dialog).getByRole('button', { name: '次へ' }));
    expect(dialog.textContent).toContain('4 / 4');
    await user().click(within(dialog).getByRole('button', { name: 'はじめる' }));
    await waitFor(() => expect(tutorial()).toBeNull());

    expect((await me('accountsTutorial'))['tutorial_flg']).toBe(true);

    await openApp('/schedule/round/4', { as: 'accountsTutorial' });
    await screen.findByTestId('slot-1');
    expect(tutorial()).toBeNull();
  });

  it('opens as soon as registration completes', async () => {
    await openApp('/register/complete', { as: 'accountsTutorialNew' });
    await screen.findByRole('heading', { name: '会員登録が完了しました' });
    const dialog = await screen.findByRole('dialog', { name: 'ようこそ！' });
    await user().click(within(dialog).getByRole('button', { name: 'スキップ' }));
    await waitFor(() => expect(tutorial()).toBeNull());
  });
});

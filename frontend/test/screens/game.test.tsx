import { screen, waitFor, within } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import type * as z from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatToPar } from '@golf/shared/game/format';
import { receiptSavedAt } from '@golf/shared/game/save-receipt';
import { currentTournament } from '@golf/shared/schedule/derive-schedule';
import type { MyScore, RoundField, RoundView, otherTeamSchema } from '@golf/shared/schemas/game';
import type { RankingPageResponse } from '@golf/shared/schemas/ranking';
import type { Schedule } from '@golf/shared/schemas/schedule';
import type { ScoreChangesView } from '@golf/shared/schemas/score-changes';
import type { ScreenPlayer } from './players';
import { answerApi, apiGet, jsonAnswer, networkAnswer, openApp, waitForPath } from './render-app';
import { apiAs } from './support/api';

/**
 * The game's screens against the sample season: picking a round 4 team (easy, advanced, AI), the
 * round page's states, the receipt of a save, my page for a player who joined mid-tournament, the
 * score pages and other players' teams, and the home page's card once a tournament ends. Each test
 * that saves a team does it as a player of its own (frontend/test/screens/players.ts).
 */
const roundPath = '/schedule/round/4';
const aiTypes = ['condition', 'stability', 'chance'] as const;

let field: RoundField;

beforeAll(async () => {
  field = await apiGet<RoundField>('/api/golf/round/4/field');
  // The round page's modules, transformed once here: the first test then waits on the API only.
  await openApp(roundPath, { as: 'player' });
  await screen.findByTestId('slot-1', undefined, { timeout: 60_000 });
});

const user = () => userEvent.setup();
const text = (element: Element | null | undefined) => element?.textContent ?? '';
const slot = (draft: number) => screen.getByTestId(`slot-${draft}`);
const titleBar = () => text(document.querySelector('.title-bar__title'));

async function slotFilled(draft: number, filled: boolean): Promise<HTMLElement> {
  await waitFor(() => expect(slot(draft).dataset['filled']).toBe(String(filled)));
  return slot(draft);
}

/** Gives the player a round 4 team of the field's first eligible golfers, as a save does. */
async function saveTeam(player: ScreenPlayer): Promise<void> {
  const ids = field.players.filter((p) => p.eligible).map((p) => p.player_id);
  await apiAs(player, 'PUT', '/api/golf/round/4/team', {
    game_global_id: field.game_global_id,
    player_ids: ids.slice(0, 4),
  });
}

/** Opens an AI team and saves it with このチームで決定: the names it holds. */
async function saveAiTeam(type: (typeof aiTypes)[number], as: ScreenPlayer): Promise<string[]> {
  await openApp(`${roundPath}/draft/auto/${type}`, { as });
  const players = await waitFor(() => {
    const found = screen.getAllByTestId('ai-player');
    expect(found).toHaveLength(4);
    return found;
  });
  const names = players.map((player) => text(player.querySelector('.slot__name')));
  await user().click(screen.getByRole('button', { name: 'このチームで決定' }));
  await waitForPath(roundPath);
  await slotFilled(4, true);
  return names;
}

async function pickFrom(mode: 'easy' | 'advanced', draft: number, index: number): Promise<string> {
  await slotFilled(draft, false);
  await user().click(
    within(slot(draft)).getByRole('link', { name: mode === 'easy' ? 'かんたん' : 'アドバンス' }),
  );
  await waitForPath(`${roundPath}/draft/${draft}/${mode}`);
  const cards = await screen.findAllByTestId(mode === 'easy' ? 'indicator-card' : 'field-player');
  await user().click(cards[index]!);
  const chosen = text(await screen.findByTestId('player-name'));
  await user().click(screen.getByRole('button', { name: '選択する' }));
  await waitForPath(roundPath);
  await slotFilled(draft, true);
  return chosen;
}

async function clearTeam(): Promise<void> {
  for (const draft of [1, 2, 3, 4]) {
    await user().click(within(await slotFilled(draft, true)).getByRole('button', { name: /外す$/ }));
    await slotFilled(draft, false);
  }
}

describe('round 4 team', () => {
  it('picks a full team in the easy mode', async () => {
    await openApp(roundPath, { as: 'gamePicker' });
    await screen.findByTestId('slot-1');
    expect(titleBar()).toBe('ラウンド 4');
    screen.getByRole('timer');

    const easy: string[] = [];
    for (const draft of [1, 2, 3, 4]) easy.push(await pickFrom('easy', draft, draft - 1));
    for (const [index, name] of easy.entries()) {
      expect(text(slot(index + 1))).toContain(name);
      expect(text(slot(index + 1))).not.toContain('(AUTO)');
    }
  });

  it('clears the team with 外す, then picks a full team in the advanced mode', async () => {
    await saveTeam('gamePicker');
    await openApp(roundPath, { as: 'gamePicker' });
    await clearTeam();
    const advanced: string[] = [];
    for (const draft of [1, 2, 3, 4]) advanced.push(await pickFrom('advanced', draft, draft + 3));
    for (const [index, name] of advanced.entries()) expect(text(slot(index + 1))).toContain(name);
  });

  it("saves the AI team of each type, as the player's own choice: no (AUTO)", async () => {
    for (const type of aiTypes) {
      const names = await saveAiTeam(type, 'gamePicker');
      for (const [index, name] of names.entries()) {
        await waitFor(() => expect(text(slot(index + 1))).toContain(name));
        expect(text(slot(index + 1))).not.toContain('(AUTO)');
      }
    }
  });

  it('a save refused for the deadline refreshes the round: 受付中, the countdown and 外す go without a reload', async () => {
    await saveAiTeam('chance', 'gamePicker');
    screen.getByText('受付中', { exact: true });

    // From here the round is closed, as a deadline the operator forced would close it.
    answerApi(/^\/api\/golf\/round\/4\/draft\/[^/]+$/, () =>
      jsonAnswer({ code: 'deadline_passed', message: '締め切りを過ぎています。' }, 409),
    );
    answerApi('/api/golf/round/4', async (request) => {
      const view = (await (await networkAnswer(request)).json()) as Record<string, unknown>;
      return jsonAnswer({ ...view, is_open: false });
    });
    await user().click(within(slot(1)).getByRole('button', { name: /外す$/ }));
    await screen.findByText('締切済み', { exact: true });
    expect(screen.queryByText('受付中', { exact: true })).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryAllByRole('button', { name: /外す$/ })).toEqual([]);
  });

  it('double-tapping 選択する saves once and shows no error', async () => {
    // Both taps land while the first save is on its way: its answer waits for the second tap.
    let saves = 0;
    let release!: () => void;
    const tapped = new Promise<void>((resolve) => (release = resolve));
    answerApi('/api/golf/round/4/draft/1', async (request) => {
      saves += 1;
      await tapped;
      return networkAnswer(request);
    });
    await openApp(`${roundPath}/draft/1/easy`, { as: 'gameDoubleTap' });
    await user().click((await screen.findAllByTestId('indicator-card'))[0]!);
    const button = await screen.findByRole('button', { name: '選択する' });
    // Two taps within one frame, before the screen renders the first one's state.
    button.click();
    button.click();
    release();
    await waitForPath(roundPath);
    await slotFilled(1, true);
    expect(saves).toBe(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('変更 goes straight to choosing a replacement; golfers on the team show as such and cannot be chosen; undo puts the golfer back', async () => {
    await saveAiTeam('condition', 'gamePicker');

    await user().click(within(slot(2)).getByRole('link', { name: /変更$/ }));
    await waitForPath(`${roundPath}/draft/2/easy`);
    const cards = await screen.findAllByTestId('indicator-card');
    const onTeam = cards.filter((card) => text(card).includes('ドラフト1で選択中'));
    expect(onTeam).toHaveLength(1);
    await user().click(onTeam[0]!);
    expect(text(await screen.findByTestId('already-picked'))).toContain('ドラフト1');
    expect(screen.queryByRole('button', { name: '選択する' })).toBeNull();

    history.back();
    await waitForPath(`${roundPath}/draft/2/easy`);
    const free = (await screen.findAllByTestId('indicator-card')).find(
      (card) => !text(card).includes('選択中'),
    )!;
    const replacement = text(free.querySelector('.player-row__name'));
    await user().click(free);
    await user().click(await screen.findByRole('button', { name: '選択する' }));
    await waitForPath(roundPath);
    await waitFor(() => expect(text(slot(2))).toContain(replacement));
    expect(text(slot(2))).not.toContain('(AUTO)');

    const third = text(slot(3).querySelector('.slot__name'));
    await user().click(within(slot(3)).getByRole('button', { name: /外す$/ }));
    await slotFilled(3, false);
    await user().click(screen.getByRole('button', { name: '元に戻す' }));
    expect(text(await slotFilled(3, true))).toContain(third);
  });

  it('undoes a removal, and a team of 3 before the deadline is not being counted', async () => {
    await saveTeam('gamePicker');
    await openApp(roundPath, { as: 'gamePicker' });
    const name = text((await slotFilled(2, true)).querySelector('.slot__name'))
      .replace('(AUTO)', '')
      .trim();

    await user().click(within(slot(2)).getByRole('button', { name: /外す$/ }));
    await slotFilled(2, false);
    // A team of 3 before the deadline is not being counted: no 集計中.
    expect(text(screen.getByTestId('team-score'))).toBe('-');
    const undoBar = screen.getAllByRole('status').find((status) => text(status).includes('から外しました'))!;
    expect(text(undoBar)).toContain(name);
    await user().click(within(undoBar).getByRole('button', { name: '元に戻す' }));
    expect(text(await slotFilled(2, true))).toContain(name);
    await waitFor(() => expect(undoBar.isConnected).toBe(false));
  });

  it('compares two players and shows a radar chart', async () => {
    const [first, second] = field.players.filter((player) => player.eligible);
    if (!first || !second) throw new Error('the sample field has fewer than two eligible players');

    await openApp(`${roundPath}/draft/1/easy/compare?p1=${first.player_id}&p2=${second.player_id}`, {
      as: 'player',
    });
    const table = await screen.findByTestId('compare-table');
    const header = text(table.querySelector('thead'));
    expect(header).toContain(first.name);
    expect(header).toContain(second.name);
    expect(document.querySelectorAll('svg.radar polygon.radar__area')).toHaveLength(2);

    await openApp(`${roundPath}/draft/1/easy/indicator?player=${second.player_id}`, { as: 'player' });
    const radar = await screen.findByTestId('radar');
    expect(text(radar.querySelector('.card-title'))).toBe(second.name);
    expect(titleBar()).toBe('レーダーチャート');
    expect(radar.querySelectorAll('polygon.radar__area')).toHaveLength(1);
  });
});

describe('save receipts', () => {
  it('a player turns the e-mail receipt on, saves a team, sees when it was saved; a removal is a save too', async () => {
    await openApp('/mypage', { as: 'gameReceipt' });
    const receiptSwitch = await within(await screen.findByTestId('save-receipt-settings')).findByRole(
      'switch',
      { name: /保存の控えをメールで受け取る/ },
    );
    expect((receiptSwitch as HTMLInputElement).checked).toBe(false);
    await user().click(receiptSwitch);
    await waitFor(() => expect((receiptSwitch as HTMLInputElement).checked).toBe(true));
    // Stored: the receipt job (tests/api/save-receipt.test.ts) mails this player's complete teams.
    await waitFor(async () =>
      expect(await apiAs('gameReceipt', 'GET', '/api/user/save-receipt')).toMatchObject({ email: true }),
    );

    const names = await saveAiTeam('condition', 'gameReceipt');
    const receipt = await screen.findByTestId('save-receipt');
    const shown = text(receipt);
    expect(shown).toMatch(/\d+\/\d+\(.\) \d+:\d{2}:\d{2} に保存しました/);
    for (const name of names) expect(shown).toContain(name.replace('(AUTO)', '').trim());
    // The time the server stored, as the mail says it (shared/src/game/save-receipt.ts).
    const view = await apiAs<RoundView>('gameReceipt', 'GET', '/api/golf/round/4');
    expect(shown).toContain(`${receiptSavedAt(view.team!.last_saved_at)} に保存しました`);

    await user().click(within(slot(4)).getByRole('button', { name: /外す$/ }));
    await waitFor(() => expect(text(screen.getByTestId('save-receipt'))).toContain('DRAFT 4：未選択'));

    await openApp('/howto');
    await screen.findByRole('heading', { name: '保存の控えと、締め切り前にサイトにつながらないとき' });
  });
});

describe('a player who registers mid-tournament', () => {
  it('sees the closed rounds as 途中参加 with the rule, led by the round still open; a team saved shows at once', async () => {
    const mine = await apiAs<MyScore>('gameLateJoin', 'GET', '/api/golf/schedule/score/me');
    const late = mine.rounds.filter((round) => round.late_join);
    // The round that takes picks now, as the screens judge it (no results yet, deadline ahead).
    const open = mine.rounds.find(
      (round) => round.status === 'scheduled' && Date.parse(round.deadline_at) > Date.now(),
    );
    expect(late.length).toBeGreaterThan(0);

    await openApp('/mypage', { as: 'gameLateJoin' });
    const lead = await screen.findByTestId('still-to-win');
    if (open) {
      expect(within(lead).getByRole('link', { name: 'チームを編成する' }).getAttribute('href')).toBe(
        `/schedule/round/${open.round}`,
      );
      within(lead).getByRole('link', { name: `ラウンド${open.round}のランキング` });

      // A team saved for the open round shows on my page at once, without a reload.
      await user().click(within(lead).getByRole('link', { name: 'チームを編成する' }));
      await waitForPath(`/schedule/round/${open.round}`);
      await user().click(await screen.findByRole('link', { name: /コンディション重視/ }));
      await waitFor(() => expect(screen.getAllByTestId('ai-player')).toHaveLength(4));
      await user().click(screen.getByRole('button', { name: 'このチームで決定' }));
      await waitForPath(`/schedule/round/${open.round}`);
      await slotFilled(4, true);
      await user().click(screen.getAllByRole('link', { name: 'マイページ' })[0]!);
      await waitForPath('/mypage');
      const entered = await screen.findByTestId('still-to-win');
      await within(entered).findByText(`ラウンド${open.round}にエントリー済みです`);
      expect(within(entered).getByRole('link', { name: 'チームを見る' }).getAttribute('href')).toBe(
        `/schedule/round/${open.round}`,
      );
    }
    for (const round of late)
      expect(text(await screen.findByTestId(`my-score-round-${round.round}`))).toContain('途中参加');
    expect(text(screen.getByTestId('late-join-note'))).toContain('途中参加');
  });
});

describe('why my score moved', () => {
  it('the round page and my page list the corrections and AUTO players that moved my score', async () => {
    const [leaving, coming] = field.players;
    const gid = field.game_global_id;
    // The records as the API gives them (tests/api/score-changes.test.ts: written by the score step
    // and the deadline's settlement, the golfers' names resolved), newest first.
    const changes: ScoreChangesView['changes'] = [
      {
        id: 'correction',
        round: 1,
        at: new Date(Date.now() - 3600_000).toISOString(),
        cause: 'correct_result',
        reason: 'スコアカードの誤記（15番 5→4）',
        note: '結果を訂正しました',
        before: { kind: 'scored', score: 3, provisional: false },
        after: { kind: 'scored', score: 2, provisional: false },
        replaced: [],
      },
      {
        id: 'settle',
        round: 2,
        at: new Date(Date.now() - 2 * 3600_000).toISOString(),
        cause: 'auto_replacement',
        reason: null,
        note: '入れ替えました',
        before: null,
        after: null,
        replaced: [{ slot: 3, from_name: leaving!.name, to_name: coming!.name }],
      },
    ];
    const asked: string[] = [];
    answerApi('/api/golf/schedule/score/changes', (request) => {
      const query = new URL(request.url).searchParams;
      asked.push(query.toString());
      expect(query.get('game_global_id')).toBe(gid);
      const round = query.get('round');
      const view: ScoreChangesView = {
        game_global_id: gid,
        changes: changes.filter((change) => !round || change.round === Number(round)),
        rank: null,
        rank_provisional: false,
      };
      return jsonAnswer(view);
    });

    await openApp('/schedule/round/1', { as: 'player' });
    const history = await screen.findByTestId('score-changes');
    const listed = within(history).getAllByTestId('score-change');
    expect(listed).toHaveLength(1);
    const correction = text(listed[0]);
    expect(correction).toContain('結果の訂正');
    expect(correction).toContain('+3（確定） → +2（確定）');
    expect(correction).toContain('理由：スコアカードの誤記（15番 5→4）');

    await openApp('/schedule/round/2', { as: 'player' });
    expect(text(await screen.findByTestId('score-changes'))).toContain(
      `ドラフト3：${leaving!.name} → ${coming!.name} (AUTO)`,
    );

    await openApp('/mypage', { as: 'player' });
    await waitFor(() => expect(screen.getAllByTestId('score-change')).toHaveLength(2));
    const both = screen.getAllByTestId('score-change');
    expect(text(both[0])).toContain('第1ラウンド');
    expect(text(both[1])).toContain('自動入れ替え');
    expect([...new Set(asked)]).toEqual([
      `game_global_id=${gid}&round=1`,
      `game_global_id=${gid}&round=2`,
      `game_global_id=${gid}`,
    ]);
  });
});

describe("the player's rank", () => {
  it('the share card and the live panel show the same rank', async () => {
    // A sample player whose round 3 team is still playing: his live score is not in the ranking yet.
    await openApp('/schedule/round/3', { as: 'seasonPlayer' });
    const live = await screen.findByTestId('live-rank');
    await waitFor(() => expect(text(live)).toMatch(/^\d+位/));
    const rank = /^(\d+)位/.exec(text(live))![1]!;

    await userEvent.setup().click(screen.getByRole('button', { name: 'シェア画像を作る' }));
    const card = await screen.findByTestId('share-card');
    const page = within(card).getByRole<HTMLAnchorElement>('link', { name: '共有ページを開く' });
    const shared = await (await networkAnswer(new Request(page.href))).text();
    expect(shared).toContain(`${rank}位（速報）`);

    // My page says it too.
    await openApp('/mypage', { as: 'seasonPlayer' });
    expect(text(await screen.findByTestId('score-changes-rank'))).toBe(`現在の順位：${rank}位（速報）`);
  });
});

describe('/schedule/score for a signed-in player', () => {
  it("shows the player's own team score per round and in total, as the API computes it", async () => {
    const expected = await apiAs<MyScore>('gameSample', 'GET', '/api/golf/schedule/score/me');
    await openApp('/schedule/score', { as: 'gameSample' });
    const total = await screen.findByTestId('my-score-total');
    expect(text(total)).toBe(formatToPar(expected.total.score));
    await screen.findAllByTestId('leaderboard-row');
  });

  it('shows no personal block to a visitor', async () => {
    await openApp('/schedule/score');
    await screen.findAllByTestId('leaderboard-row');
    expect(screen.queryByTestId('my-score')).toBeNull();
  });
});

describe('other players’ teams after the deadline', () => {
  it('opens a ranked player’s team from the personal ranking, and every member’s team from the guild ranking', async () => {
    const first = (await apiGet<RankingPageResponse>('/api/golf/ranking?round=1&type=1&perPage=50'))
      .rankings[0]!;
    const expected = await apiAs<z.infer<typeof otherTeamSchema>>(
      'gameSample',
      'GET',
      `/api/golf/round/1/team/${first.user_id}`,
    );

    await openApp('/ranking/golf/personal?round=1&type=1&page=1', { as: 'gameSample' });
    const row = (await screen.findAllByTestId('ranking-row'))[0]!;
    await user().click(within(row).getByRole('button', { name: /第1ラウンドのチーム/ }));
    const body = await within(row).findByTestId('ranked-team-body');
    await waitFor(() => expect(body.querySelectorAll('li').length).toBeGreaterThanOrEqual(4));
    const shown = text(body);
    for (const pick of expected.team!.slots) expect(shown).toContain(pick!.player.name);
    expect(shown).toContain('チームスコア');

    await openApp('/ranking/guild?tab=member&round=1&page=1', { as: 'gameSample' });
    const rows = await screen.findAllByTestId('ranking-row');
    await user().click(screen.getByRole('button', { name: 'メンバー全員の第1ラウンドのチームを見る' }));
    await waitFor(
      () => {
        const bodies = screen.getAllByTestId('ranked-team-body');
        expect(bodies).toHaveLength(rows.length);
        expect(bodies.filter((each) => /チームスコア|チームなし/.test(text(each)))).toHaveLength(rows.length);
      },
      { timeout: 15_000 },
    );
    await user().click(screen.getByRole('button', { name: 'チームを閉じる' }));
    await waitFor(() => expect(screen.queryAllByTestId('ranked-team-body')).toEqual([]));
  });
});

describe('the state a tournament is really in', () => {
  let schedules: Schedule[];
  let featured: Schedule;

  beforeAll(async () => {
    schedules = await apiGet<Schedule[]>('/api/golf/master/schedule');
    featured = currentTournament(schedules)!;
  });

  /** The schedule answer as it will be once the featured tournament's round 4 is final. */
  function afterTheLastRound(next: Schedule | null): Schedule[] {
    const ended: Schedule = {
      ...featured,
      status: 'finished',
      current_round: 4,
      rounds: featured.rounds.map((round) => ({
        ...round,
        status: round.status === 'cancelled' ? 'cancelled' : 'final',
      })),
    };
    return [...schedules.filter((s) => s.status === 'finished'), ended, ...(next ? [next] : [])];
  }

  const answerSchedule = (answer: Schedule[]) =>
    answerApi('/api/golf/master/schedule', () => jsonAnswer(answer));

  it('an ended tournament no longer offers a team: the home page shows it as 終了 with its results', async () => {
    answerSchedule(afterTheLastRound(null));
    await openApp('/');
    const card = await screen.findByRole('article', { name: featured.tournament_name });
    expect(text(card)).toContain('終了');
    expect(text(card)).not.toContain('開催中');
    expect(within(card).queryByRole('link', { name: 'チームを編成する' })).toBeNull();
    within(card).getByRole('link', { name: '大会の結果' });
    expect(text(card)).toContain('次の大会が決まりしだいお知らせします');
  });

  it('points to the next tournament when one ends', async () => {
    const next: Schedule = {
      ...featured,
      game_global_id: 'next-open',
      value: 'next-open',
      tournament_name: '次の大会オープン',
      status: 'upcoming',
      current_round: 1,
      tournament_start_on: '2099-01-01',
      rounds: featured.rounds.map((round) => ({
        ...round,
        status: 'scheduled',
        deadline_at: `2099-01-0${round.round}T00:00:00.000Z`,
        deadline_note: null,
      })),
    };
    answerSchedule(afterTheLastRound(next));
    await openApp('/');
    await screen.findByRole('heading', { name: '次の大会' });
    const card = screen.getByRole('article', { name: '次の大会オープン' });
    expect(within(card).getByRole('link', { name: 'チームを編成する' }).getAttribute('href')).toBe(
      '/schedule/round/1',
    );
  });
});

describe("the round page's 大会を選択", () => {
  it('keeps the open tournament in the list once a finished tournament is chosen', async () => {
    const schedules = await apiGet<Schedule[]>('/api/golf/master/schedule');
    const open = currentTournament(schedules)!;
    const finished = schedules.find((s) => s.status === 'finished')!;
    // Between tournaments: the next one takes picks for its round 1 and has not started.
    answerApi('/api/golf/master/schedule', () =>
      jsonAnswer(
        schedules.map((s) => (s.game_global_id === open.game_global_id ? { ...s, status: 'upcoming' } : s)),
      ),
    );
    const listed = () =>
      within(screen.getByLabelText('大会を選択'))
        .getAllByRole<HTMLOptionElement>('option')
        .map((option) => option.value);
    await openApp(roundPath, { as: 'player' });
    await screen.findByLabelText('大会を選択');
    const before = listed();
    expect(before).toContain(open.game_global_id);

    await user().selectOptions(screen.getByLabelText('大会を選択'), finished.game_global_id);
    await screen.findByRole('heading', { name: finished.tournament_name });
    expect(listed()).toEqual(before);

    await user().selectOptions(screen.getByLabelText('大会を選択'), open.game_global_id);
    await screen.findByRole('heading', { name: open.tournament_name });
  });
});

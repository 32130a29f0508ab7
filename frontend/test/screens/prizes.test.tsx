import { screen, waitFor } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatYen } from '@golf/shared/game/format';
import type { PrizeOption } from '@golf/shared/schemas/prize';
import type { Schedule } from '@golf/shared/schemas/schedule';
import { apiGet, openApp, waitForPath } from './render-app';

/** The prize pages a visitor sees: the list's tabs, each kind's page, a prize that does not exist. */
const user = () => userEvent.setup();
const cards = () => screen.queryAllByTestId('prize-card');
const cardWith = (text: string) => cards().find((card) => card.textContent?.includes(text));

describe('prizes', () => {
  it('lists each kind of prize to a visitor and opens one', async () => {
    const yearly = await apiGet<PrizeOption[]>('/api/golf/master/yearly_ranking_prize');
    await openApp('/prize');
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
    expect(document.querySelector('.title-bar__title')?.textContent).toBe('賞品一覧');
    expect(cards()[0]!.textContent).toContain('1位');

    await user().click(screen.getByRole('link', { name: 'エントリー賞品' }));
    await waitFor(() => expect(cardWith('抽選')).toBeDefined());

    await user().click(screen.getByRole('link', { name: '年間賞品' }));
    await waitFor(() => expect(cardWith(yearly[0]!.name)).toBeDefined());
    expect(new URL(location.href).searchParams.get('tab')).toBe('yearly');
    await user().click(cards()[0]!);

    await waitForPath(`/prize/yearly/${yearly[0]!.id}`);
    const detail = await screen.findByTestId('prize-detail');
    await waitFor(() => expect(detail.textContent).toContain(yearly[0]!.name));
    expect(detail.textContent).toContain(`${formatYen(yearly[0]!.value_yen)}相当`);
    await screen.findByRole('link', { name: '年間ランキングを見る' });
  });

  it('opens game and entry prize pages directly, and says so when a prize does not exist', async () => {
    const [game] = await apiGet<PrizeOption[]>('/api/golf/master/game_prize');
    const [entry] = await apiGet<PrizeOption[]>('/api/golf/master/entry_prize');
    await openApp(`/prize/game/${game!.id}`);
    await waitFor(() => expect(screen.getByTestId('prize-detail').textContent).toContain('対象の大会'));
    await openApp(`/prize/entry/${entry!.id}`);
    await waitFor(() => expect(screen.getByTestId('prize-detail').textContent).toContain('抽選'));
    await openApp('/prize/game/no-such-prize');
    await screen.findByText('この賞品は見つかりませんでした');
  });

  it('lists the tournament that just finished, with its winners, before the older ones', async () => {
    const schedules = await apiGet<Schedule[]>('/api/golf/master/schedule');
    const finished = schedules
      .filter((s) => s.status === 'finished')
      .sort((a, b) => b.tournament_start_on.localeCompare(a.tournament_start_on));
    expect(finished.length, 'the sample season has finished tournaments').toBeGreaterThan(1);
    await openApp('/prize');
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
    const sections = [...document.querySelectorAll('main section.section')].map((s) =>
      s.getAttribute('aria-label'),
    );
    const finishedNames = new Set(finished.map((s) => s.tournament_name));
    expect(sections.filter((name) => finishedNames.has(name!))).toEqual(
      finished.map((s) => s.tournament_name),
    );
    // The tournaments in play and to come stay above the finished ones.
    const current = schedules.find((s) => s.status === 'in_progress');
    if (current)
      expect(sections.indexOf(current.tournament_name)).toBeLessThan(
        sections.indexOf(finished[0]!.tournament_name),
      );
  });
});

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { OpsTournamentList } from '@golf/shared/schemas/ops';
import { asciiIdentifiers } from '../../scripts/ops/operator-words';
import { roundInPlay, tournamentInPlay } from '../../frontend/src/features/ops/model/in-play';
import { downloadedText, newPage } from './support/browser';
import { operatorToken } from './support/ops';
import { callApi, useOwnStack } from './support/own-stack';
import { createPlayer } from './support/users';
import { realPng } from '../api/support/images';

/**
 * An operator sets up a tournament and runs it to its winners in the console alone, at a desk
 * (1280 px): the tournament created with its 4 rounds, its field imported, a prize created with its
 * image (and a mistaken one retired), round 1's results imported and one of them corrected, the round
 * marked final, the rest of the tournament rained off, the prize drawn and its winners exported. On
 * every screen the console's words are Japanese: no text, label or title carries an ASCII
 * identifier. Then each screen of the console, in the state the walk left it, is opened on a phone
 * (375 px): it stacks, and nothing is cut off.
 */
const own = useOwnStack();

const call = <T = unknown>(method: string, path: string, token: string, body?: unknown) =>
  callApi<T>(own.stack(), method, path, token, body);

const hour = 3_600_000;
/** 'YYYY-MM-DDTHH:mm' of an instant in Tokyo, as a datetime-local input takes it. */
const tokyoInput = (ms: number) => new Date(ms + 9 * hour).toISOString().slice(0, 16);

/** Presses an action's button, then the confirmation it asks for. */
async function confirm(scope: Page | Locator, label: string) {
  await scope.getByRole('button', { name: label, exact: true }).click();
  await scope.getByRole('alertdialog').getByRole('button', { name: label, exact: true }).click();
}

/** Every text the screen shows or speaks (labels, titles, placeholders) has no ASCII identifier. */
async function expectJapanese(page: Page, screen: string) {
  const texts = await page.locator('.ops').evaluate((root) => {
    const element = root as unknown as {
      innerText: string;
      querySelectorAll(selector: string): Iterable<{ getAttribute(name: string): string | null }>;
    };
    const spoken = [...element.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((node) =>
      ['aria-label', 'title', 'placeholder'].map((name) => node.getAttribute(name) ?? ''),
    );
    return [element.innerText, ...spoken];
  });
  expect(
    texts.flatMap((text) => asciiIdentifiers(text, { shown: true })),
    `${screen}: ${texts[0]}`,
  ).toEqual([]);
}

const players = [
  '青木 拓海',
  '北村 直人',
  '森田 健吾',
  '原 翔平',
  '小池 蒼',
  '石井 亮',
  '杉本 光',
  '堀 大地',
];

/** Every control of the console's screen lies inside a window `width` wide, and so does the page. */
async function expectFits(page: Page, width: number, screen: string) {
  const cut = await page.evaluate<string[]>(`[...document.querySelectorAll(
    '.ops :is(a, button, input, select, textarea, img, [role="alertdialog"])',
  )]
    .filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.left < 0 || box.right > ${width});
    })
    .map((element) => element.outerHTML.slice(0, 120))`);
  expect(cut, screen).toEqual([]);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth'), screen).toBeLessThanOrEqual(
    width,
  );
}

describe('a season set up and run in the console alone', () => {
  it('creates a tournament, its field and a prize, and runs it to the winners export; each screen fits a phone', async () => {
    await walk();
  }, 240_000);
});

async function walk() {
  const width = 1280;
  const id = `walk-${Date.now()}`;
  const operator = await operatorToken(own.stack(), 'e2e-walk-ops');
  const session = await newPage(own.browser(), { baseUrl: own.stack().url });
  const { page } = session;
  await page.setViewportSize({ width, height: 900 });
  await session.context.addCookies([{ name: 'token', value: operator, url: own.stack().url }]);

  // 1. The tournament with its 4 rounds: round 1 closes in two hours, one round a day after it.
  const firstDeadline = Date.now() + 2 * hour;
  const deadlines = [0, 1, 2, 3].map((day) => firstDeadline + day * 24 * hour);
  await page.goto('/ops/setup');
  const create = page.getByRole('region', { name: '大会を作る' });
  await create.getByLabel(/^大会ID/).fill(id);
  await create.getByLabel('大会名', { exact: true }).fill('ウォーク オープン');
  await create.getByLabel('会場', { exact: true }).fill('ウォークゴルフ倶楽部');
  await create.getByLabel('初日', { exact: true }).fill(tokyoInput(deadlines[0]!).slice(0, 10));
  await create.getByLabel('最終日', { exact: true }).fill(tokyoInput(deadlines[3]!).slice(0, 10));
  for (const [i, at] of deadlines.entries())
    await create.getByLabel(`第${i + 1}ラウンドの締め切り（日本時間）`).fill(tokyoInput(at));
  await create.getByRole('button', { name: '大会を作る', exact: true }).click();
  const saved = page.getByRole('region', { name: '大会の設定を変更する' });
  await saved.getByText(/^保存しました/).waitFor();
  await expectJapanese(page, 'the tournament created');

  // 2. Its field, checked first and then imported.
  const field = page.getByRole('region', { name: '出場選手の取り込み' });
  const fieldCsv = [
    'player_id,name,name_kana,country,world_rank,is_amateur',
    ...players.map((name, i) => `${id}-p${i + 1},${name},,JPN,${10 + i},false`),
  ].join('\n');
  await field.getByLabel('出場選手の内容').fill(fieldCsv);
  await field.getByRole('button', { name: '確認する（まだ取り込みません）' }).click();
  await field.getByText(`${players.length}人のうち、新しい選手か変わる選手 ${players.length}人`).waitFor();
  await confirm(field, '取り込む');
  await field.getByText(/^取り込みました/).waitFor();
  await expectJapanese(page, 'the field imported');

  // 3. A prize for the winner of the tournament.
  const prize = page.getByRole('region', { name: '賞品の登録' });
  await prize.getByLabel('賞品名').fill('優勝賞品 ゴルフボール 1ダース');
  await prize.getByLabel(/^説明/).fill('個人ランキング1位の方に贈呈します。');
  await prize.getByLabel('金額（円）').fill('6000');
  await prize.getByLabel('何位から').fill('1');
  await prize.getByLabel('何位まで').fill('1');
  // Its image, chosen from a file: uploaded at once and shown before the prize is saved.
  await prize.getByLabel(/^賞品の画像/).setInputFiles({
    name: 'balls.png',
    mimeType: 'image/png',
    buffer: await realPng(900, 600),
  });
  await prize.getByRole('img', { name: '賞品の画像' }).waitFor();
  await prize.getByRole('button', { name: '賞品を登録する' }).click();
  await prize.getByText('「優勝賞品 ゴルフボール 1ダース」を登録しました（当選 1人）。').waitFor();
  await expectJapanese(page, 'the prize created');
  const prizes = page.getByRole('region', { name: 'この大会の賞品' });
  const listedImage = prizes.getByRole('img', { name: '優勝賞品 ゴルフボール 1ダースの画像' });
  await listedImage.waitFor();
  const imageUrl = (await listedImage.getAttribute('src'))!;
  expect(imageUrl).toMatch(/\/uploads\/attached\/prize\/[^/]+\/[0-9A-Z]{26}\.webp$/);
  expect((await fetch(imageUrl)).headers.get('content-type')).toBe('image/webp');

  // A second prize, set up by mistake, retired: it stays listed for the operators, marked, and is never drawn.
  await prize.getByLabel('賞品の種類').selectOption({ label: '参加賞（抽選）' });
  await prize.getByLabel('賞品名').fill('参加賞 まちがい');
  await prize.getByLabel('当選人数').fill('3');
  await prize.getByRole('button', { name: '画像を外す' }).click();
  await prize.getByRole('button', { name: '賞品を登録する' }).click();
  await prize.getByText('「参加賞 まちがい」を登録しました（当選 3人）。').waitFor();
  const mistaken = prizes.locator('article', { hasText: '参加賞 まちがい' });
  await mistaken.getByRole('button', { name: '公開をやめる' }).click();
  await prizes
    .getByText('「参加賞 まちがい」の公開をやめました。賞品一覧に表示されず、抽選されません。')
    .waitFor();
  await mistaken.getByText('公開をやめています').waitFor();
  await mistaken.getByRole('button', { name: '公開に戻す' }).waitFor();
  await expectJapanese(page, 'a prize retired');

  // A player enters a team for round 1 before its deadline.
  const player = await createPlayer(`e2e-walk-player-${Date.now()}`, { nickname: 'ウォーカー' });
  const team = [1, 2, 3, 4].map((n) => `${id}-p${n}`);
  const entered = await call('PUT', '/api/golf/round/1/team', player.token, {
    game_global_id: id,
    player_ids: team,
  });
  expect(entered.status, entered.text).toBe(200);

  // The round starts: its deadline is brought forward to now (it asks, and says how many teams it locks).
  await page.goto(`/ops/rounds?game_global_id=${id}&round=1`);
  // The log names the prize each prize action changed.
  await page
    .getByRole('region', { name: '操作の記録' })
    .getByText('賞品「参加賞 まちがい」')
    .first()
    .waitFor();
  const move = page.getByRole('region', { name: '締め切りの変更' });
  await move.getByLabel(/^新しい締め切り/).fill(tokyoInput(Date.now() - 60_000));
  await move.getByLabel('理由（ラウンドの画面に表示されます）').fill('スタート時刻の繰り上げ');
  await confirm(move, '締め切りを変更する');
  expect(await move.getByRole('alert').innerText()).toContain('1チームがただちに締め切られます');
  await expectJapanese(page, 'a deadline in the past refused');
  await move.getByLabel(/過去の時刻にする/).check();
  await confirm(move, '締め切りを変更する');
  await move.getByText(/締め切られたチーム：1チーム/).waitFor();

  // 4. Round 1's results, then one of them corrected by importing the corrected row again.
  const resultsCsv = (firstToPar: number) =>
    [
      'game_global_id,round,player_id,strokes,to_par,thru,birdies,eagles,bogeys,status',
      ...players.map((_, i) => {
        const toPar = i === 0 ? firstToPar : i - 3;
        return [id, 1, `${id}-p${i + 1}`, 72 + toPar, toPar, 18, 3, 0, 2, 'active'].join(',');
      }),
    ].join('\n');
  await importResults(page, resultsCsv(-2), players.length);
  await expectJapanese(page, 'results imported');
  await importResults(page, resultsCsv(-4), 1);
  const preview = page.getByRole('region', { name: '取り込みの確認' });
  expect(await preview.innerText()).toContain('青木 拓海');

  // 5. Round 1 final.
  await page.goto(`/ops/rounds?game_global_id=${id}&round=1`);
  const final = page.getByRole('region', { name: '結果の確定' });
  await confirm(final, '確定する');
  await final.getByText(/^記録しました/).waitFor();
  await expectJapanese(page, 'round 1 final');
  // At a desk the round's table stands beside the forms that act on it.
  const table = (await page.locator('.page-body.ops > section.card').first().boundingBox())!;
  const form = (await final.boundingBox())!;
  expect(form.x).toBeGreaterThanOrEqual(table.x + table.width);
  expect(Math.abs(form.y - table.y)).toBeLessThan(2);
  expect(table.width + form.width).toBeGreaterThan(900);

  // The rest of the tournament is rained off, so round 1 decides it.
  for (const round of [2, 3, 4]) {
    await page.goto(`/ops/rounds?game_global_id=${id}&round=${round}`);
    const cancel = page.getByRole('region', { name: 'ラウンドの中止' });
    await cancel.getByLabel(/^理由/).fill('荒天のため');
    await confirm(cancel, 'ラウンドを中止する');
    await cancel.getByText(/^記録しました/).waitFor();
  }

  // 6. The draw, previewed and confirmed.
  await page.goto(`/ops/prizes?game_global_id=${id}`);
  await page.getByRole('button', { name: '抽選結果を確認する（まだ抽選しません）' }).click();
  const draw = page.getByRole('region', { name: '抽選の確認' });
  await draw.waitFor();
  expect(await draw.locator('.ops-winners li').first().innerText()).toBe('1. ウォーカー');
  await expectJapanese(page, 'the draw previewed');
  await confirm(draw, '抽選する');
  await draw.getByRole('list', { name: '抽選しました' }).waitFor();

  // 7. The winners' export, saved as the browser downloads it.
  await page.getByRole('button', { name: '当選者を CSV に書き出す' }).click();
  const link = page.getByRole('link', { name: `winners-${id}.csv を保存` });
  await link.waitFor();
  await expectJapanese(page, 'the winners exported');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const lines = (await downloadedText(download))
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"${id}"`);
  expect(lines[1]).toContain('"優勝賞品 ゴルフボール 1ダース"');
  expect(lines[1]).toContain(`"1","${player.userId}","ウォーカー"`);

  // Players see the prize with its image; the retired one is not offered.
  await page.goto('/prize');
  await page.locator(`img[src="${imageUrl}"]`).waitFor({ state: 'attached' });
  await page.goto('/prize?tab=entry');
  await page.locator('.prize-list, .empty-state').first().waitFor();
  expect(await page.getByText('参加賞 まちがい').count()).toBe(0);

  // Nothing ran outside the console: the tournament is as the operator left it.
  const { tournaments } = (await call<OpsTournamentList>('GET', '/api/golf/ops/tournaments', operator)).body;
  const stored = tournaments.find((t) => t.game_global_id === id)!;
  expect(stored.rounds.map((r) => [r.results, r.cancelled])).toEqual([
    ['final', false],
    ['none', true],
    ['none', true],
    ['none', true],
  ]);
  // With no tournament in the address, the console opens on the one in play, and on its round.
  const inPlay = tournamentInPlay(tournaments)!;
  await page.goto('/ops/rounds');
  await page.waitForURL(
    (url) =>
      url.searchParams.get('game_global_id') === inPlay.game_global_id &&
      url.searchParams.get('round') === String(roundInPlay(inPlay)),
  );
  const tournamentSelect = page.locator('label.ops-field select').first();
  expect(await tournamentSelect.inputValue()).toBe(inPlay.game_global_id);
  await page.goto('/ops/prizes');
  await page.waitForURL((url) => url.searchParams.get('game_global_id') === inPlay.game_global_id);
  expect(await tournamentSelect.inputValue()).toBe(inPlay.game_global_id);
  // It is chosen, not moved: the selector lists every tournament by start date, newest first.
  const listed = await tournamentSelect.evaluate((select) =>
    Array.from(
      (select as unknown as { options: ArrayLike<{ disabled: boolean; value: string }> }).options,
    ).flatMap((option) => (option.disabled ? [] : [option.value])),
  );
  const startOf = new Map(tournaments.map((t) => [t.game_global_id, t.start_on]));
  const starts = listed.flatMap((listedId) => startOf.get(listedId) ?? []);
  expect(starts).toHaveLength(tournaments.length);
  expect(starts).toEqual([...starts].sort().reverse());
  await expectFits(page, width, 'the prizes at a desk');

  // On a phone, each screen of the console as the walk left it: the controls stack inside the window,
  // the confirmations included, and the round's table stands above the forms that act on it.
  const phone = 375;
  await page.setViewportSize({ width: phone, height: 812 });
  await page.goto('/ops');
  await page.locator(`[data-tournament="${id}"]`).waitFor();
  await expectFits(page, phone, "the console's home");

  await page.goto(`/ops/setup?game_global_id=${id}`);
  await field.getByLabel('出場選手の内容').fill(fieldCsv);
  await field.getByRole('button', { name: '確認する（まだ取り込みません）' }).click();
  await field.getByText(`${players.length}人のうち、新しい選手か変わる選手 0人`).waitFor();
  await field.getByRole('button', { name: '取り込む', exact: true }).click();
  await field.getByRole('alertdialog').waitFor();
  await prizes.getByRole('img', { name: '優勝賞品 ゴルフボール 1ダースの画像' }).waitFor();
  await expectFits(page, phone, 'the setup with a field checked');
  await field.getByRole('button', { name: 'やめる' }).click();

  await page.goto(`/ops/results?game_global_id=${id}`);
  await page.getByLabel('取り込む内容').waitFor();
  await expectFits(page, phone, 'the results');

  await page.goto(`/ops/rounds?game_global_id=${id}&round=1`);
  await page.getByRole('region', { name: '操作の記録' }).locator('li').first().waitFor();
  await expectFits(page, phone, 'round 1 final');
  const phoneTable = (await page.locator('.page-body.ops > section.card').first().boundingBox())!;
  const phoneForm = (await final.boundingBox())!;
  expect(phoneForm.y).toBeGreaterThanOrEqual(phoneTable.y + phoneTable.height);

  await page.goto(`/ops/prizes?game_global_id=${id}`);
  await page.getByRole('button', { name: '抽選結果を確認する（まだ抽選しません）' }).click();
  await draw.getByText('抽選済み').first().waitFor();
  await draw.getByRole('button', { name: '抽選する', exact: true }).click();
  await draw.getByRole('alertdialog').waitFor();
  await expectFits(page, phone, 'the drawn prizes');
  await draw.getByRole('button', { name: 'やめる' }).click();

  const errors = session.pageErrors.map((error) => error.message);
  await session.close();
  expect(errors).toEqual([]);
}

/** Imports a results file after its check; `changed` players must be listed as changing. */
async function importResults(page: Page, csv: string, changed: number) {
  await page.goto(`/ops/results?game_global_id=${csv.split('\n')[1]!.split(',')[0]}`);
  await page.getByLabel('取り込む内容').fill(csv);
  await page.getByRole('button', { name: '確認する（まだ取り込みません）' }).click();
  const check = page.getByRole('region', { name: '取り込みの確認' });
  await check.waitFor();
  expect(await check.innerText()).toContain(`変わるもの ${changed}件`);
  await confirm(check, '取り込む');
  await check.getByText(/^取り込みました/).waitFor();
}

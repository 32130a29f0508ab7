import { screen, waitFor, within } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { campaignMasterLists } from '@golf/shared/master/static-lists';
import { contactTypes } from '@golf/shared/schemas/contact';
import { describe, expect, it } from 'vitest';
import { openApp, playerToken, waitForPath } from './render-app';
import { callApi, fill, label } from './support/accounts';

/** The contact form and the campaign's entry form, and what the server stores from them. */
const user = () => userEvent.setup();
const field = (text: string) => screen.getByLabelText<HTMLInputElement>(label(text));
const run = Date.now().toString(36);

/** The cells of a CSV whose cells are all quoted (functions/src/lib/csv-format.ts). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted && char === '"' && text[index + 1] === '"') {
      cell += '"';
      index++;
    } else if (char === '"') quoted = !quoted;
    else if (quoted) cell += char;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
    } else if (char !== '\r' && char !== '\ufeff') cell += char;
  }
  return rows;
}

/** The rows of an operators' CSV export, by column name. */
async function exported(path: string): Promise<Array<Record<string, string>>> {
  const response = await callApi(path, { token: playerToken('accountsOperator') });
  expect(response.status).toBe(200);
  const [header, ...rows] = parseCsv(((await response.json()) as { csv: string }).csv);
  return rows.map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index]!])));
}

const nameOf = (options: ReadonlyArray<{ value: string; name: string }>, value: string) =>
  options.find((option) => option.value === value)!.name;

describe('contact form', () => {
  it('checks the fields, confirms, sends, and starts empty again', async () => {
    const email = `screens-contact-${run}@example.com`;
    const content = '賞品の発送時期を教えてください。\nよろしくお願いします。';

    await openApp('/contact/confirm');
    await waitForPath('/contact');

    await user().click(await screen.findByRole('button', { name: '確認画面へ' }));
    await waitFor(() => expect(document.querySelectorAll('.form-field__error')).toHaveLength(4));

    await fill(field('メールアドレス'), email);
    await user().selectOptions(field('お問い合わせの種類'), '賞品について');
    await fill(field('お問い合わせ内容'), content);
    await user().click(screen.getByRole('checkbox'));
    await user().click(screen.getByRole('button', { name: '確認画面へ' }));

    await waitForPath('/contact/confirm');
    const summary = document.querySelector('.confirm-list')!.textContent;
    expect(summary).toContain(email);
    expect(summary).toContain('賞品について');
    await user().click(screen.getByRole('button', { name: '送信する' }));
    await waitForPath('/contact/complete');
    await screen.findByRole('heading', { name: 'お問い合わせを受け付けました' });
    const stored = (await exported('/api/ops/contacts/export')).find((row) => row['email'] === email);
    expect(stored).toMatchObject({ contact_type: '3', content });
    expect(nameOf(contactTypes, '3')).toBe('賞品について');

    await openApp('/contact');
    await screen.findByRole('button', { name: '確認画面へ' });
    expect(field('メールアドレス').value).toBe('');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });
});

describe('campaign entry form', () => {
  it('shows the server field errors, confirms with option names, and applies once', async () => {
    const email = `screens-campaign-${run}@example.co.jp`;

    await openApp('/campaign/gdo_2023');
    await screen.findByRole('heading', { name: '秋冬ゴルフキャンペーン' });
    expect(field('役職').value).toBe('1');
    expect(field('Sansanへのご関心').value).toBe('1');
    expect(field('ご関心のあるテーマ').value).toBe('1');
    expect(document.querySelectorAll('.footer-nav')).toHaveLength(0);

    await fill(screen.getByRole('textbox', { name: label('姓') }), '山田');
    await fill(screen.getByRole('textbox', { name: label('名') }), '花子');
    await fill(field('セイ'), 'やまだ');
    await fill(field('メイ'), 'ハナコ');
    await user().click(screen.getByRole('button', { name: '確認画面へ' }));
    const kanaField = field('セイ').closest('.form-field')!;
    const kanaError = await waitFor(() => within(kanaField as HTMLElement).getByRole('alert'));
    expect(kanaError.textContent).toContain('全角カタカナ');

    await fill(field('セイ'), 'ヤマダ');
    await user().selectOptions(field('職業'), '会社員');
    await fill(field('会社名'), '株式会社グリーン');
    await user().selectOptions(field('部署'), '営業');
    await fill(field('会社の電話番号'), '03-1234-5678');
    await fill(field('会社のメールアドレス'), email);
    await user().selectOptions(field('会社の所在地'), '関東');
    await user().selectOptions(field('従業員数'), '100〜299名');
    await user().click(screen.getByRole('button', { name: '確認画面へ' }));

    const summary = await waitFor(() => {
      const list = document.querySelector('.confirm-list');
      expect(list).not.toBeNull();
      return list!;
    });
    expect(summary.textContent).toContain('100〜299名');
    expect(summary.textContent).toContain('経営者・役員');
    await user().click(screen.getByRole('button', { name: '申し込む' }));
    await screen.findByRole('heading', { name: 'お申し込みを受け付けました' });
    // The export names the options of the stored codes (functions/src/domain/forms/forms-service.ts).
    const stored = (await exported('/api/ops/campaign-entries/export')).filter(
      (row) => row['business_email'] === email,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      company_size: nameOf(campaignMasterLists.company_size, '4'),
      post: nameOf(campaignMasterLists.post, '1'),
      last_name_kana: 'ヤマダ',
    });
  });
});

import { describe, expect, inject, it } from 'vitest';
import { resetConfig } from '../../functions/src/lib/config';
import { formEntryRepository } from '../../functions/src/db/repositories/form-entry-repository';
import { closeChecked, newPage, useBrowser, waitForPath } from './support/browser';

for (const [name, value] of Object.entries(inject('stackEnv'))) process.env[name] = value;
resetConfig();

const browser = useBrowser();

describe('contact form', () => {
  it('checks the fields, confirms, sends, and starts empty again', async () => {
    const session = await newPage(browser());
    const { page } = session;
    const email = `e2e-contact-${Date.now()}@example.com`;

    await page.goto('/contact/confirm');
    await waitForPath(page, '/contact');

    await page.getByRole('button', { name: '確認画面へ' }).click();
    expect(await page.locator('.form-field__error').count()).toBe(4);

    await page.getByLabel('メールアドレス').fill(email);
    await page.getByLabel('お問い合わせの種類').selectOption({ label: '賞品について' });
    await page
      .getByLabel('お問い合わせ内容')
      .fill('賞品の発送時期を教えてください。\nよろしくお願いします。');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '確認画面へ' }).click();

    await waitForPath(page, '/contact/confirm');
    const summary = await page.locator('.confirm-list').innerText();
    expect(summary).toContain(email);
    expect(summary).toContain('賞品について');
    await page.getByRole('button', { name: '送信する' }).click();
    await waitForPath(page, '/contact/complete');
    await page.getByRole('heading', { name: 'お問い合わせを受け付けました' }).waitFor();
    const stored = (await formEntryRepository.listContacts()).find((row) => row.email === email);
    expect(stored).toMatchObject({
      contact_type: '3',
      content: '賞品の発送時期を教えてください。\nよろしくお願いします。',
    });

    await page.goto('/contact');
    expect(await page.getByLabel('メールアドレス').inputValue()).toBe('');
    expect(await page.getByRole('checkbox').isChecked()).toBe(false);
    await closeChecked(session);
  });
});

describe('campaign entry form', () => {
  it('shows the server field errors, confirms with option names, and applies once', async () => {
    const session = await newPage(browser());
    const { page } = session;
    const email = `e2e-campaign-${Date.now()}@example.co.jp`;

    await page.goto('/campaign/gdo_2023');
    await page.getByRole('heading', { name: '秋冬ゴルフキャンペーン' }).waitFor();
    expect(await page.getByLabel('役職').inputValue()).toBe('1');
    expect(await page.getByLabel('Sansanへのご関心').inputValue()).toBe('1');
    expect(await page.getByLabel('ご関心のあるテーマ').inputValue()).toBe('1');
    expect(await page.locator('.footer-nav').count()).toBe(0);

    await page.getByRole('textbox', { name: '姓', exact: true }).fill('山田');
    await page.getByRole('textbox', { name: '名', exact: true }).fill('花子');
    await page.getByLabel('セイ').fill('やまだ');
    await page.getByLabel('メイ').fill('ハナコ');
    await page.getByRole('button', { name: '確認画面へ' }).click();
    const kanaField = page.locator('.form-field', { has: page.getByLabel('セイ') });
    await kanaField.locator('.form-field__error').waitFor();
    expect(await kanaField.locator('.form-field__error').innerText()).toContain('全角カタカナ');

    await page.getByLabel('セイ').fill('ヤマダ');
    await page.getByLabel('職業').selectOption({ label: '会社員' });
    await page.getByLabel('会社名').fill('株式会社グリーン');
    await page.getByLabel('部署').selectOption({ label: '営業' });
    await page.getByLabel('会社の電話番号').fill('03-1234-5678');
    await page.getByLabel('会社のメールアドレス').fill(email);
    await page.getByLabel('会社の所在地').selectOption({ label: '関東' });
    await page.getByLabel('従業員数').selectOption({ label: '100〜299名' });
    await page.getByRole('button', { name: '確認画面へ' }).click();

    const summary = page.locator('.confirm-list');
    await summary.waitFor();
    expect(await summary.innerText()).toContain('100〜299名');
    expect(await summary.innerText()).toContain('経営者・役員');
    await page.getByRole('button', { name: '申し込む' }).click();
    await page.getByRole('heading', { name: 'お申し込みを受け付けました' }).waitFor();
    const stored = (await formEntryRepository.listCampaignEntries('gdo_2023')).filter(
      (row) => row.business_email === email,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ company_size: '4', post: '1', last_name_kana: 'ヤマダ' });
    await closeChecked(session);
  });
});

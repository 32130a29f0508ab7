import { describe, expect, it } from 'vitest';
import { contactTypes } from '../../shared/src/schemas/contact';
import type { CampaignEntryInput } from '../../shared/src/schemas/campaign';
import { rateLimitRepository } from '../../functions/src/db/repositories/rate-limit-repository';
import { formLimits, sendContact } from '../../functions/src/domain/forms/forms-service';
import { formEntryRepository } from '../../functions/src/db/repositories/form-entry-repository';
import { TooManyRequestsError } from '../../functions/src/lib/errors';
import { api, tokenFor } from './support/api';

type ErrorBody = { code: string; message: string; errors?: Record<string, string[]> };
type CsvBody = { count: number; csv: string };

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

const contact = (overrides: Record<string, unknown> = {}) => ({
  email: `contact-${unique()}@example.com`,
  contactType: '5',
  contactContent: 'ランキングの表示について\n2行目です。',
  ...overrides,
});

const campaign = (overrides: Partial<Record<keyof CampaignEntryInput, unknown>> = {}) => ({
  ...campaignBase(),
  ...overrides,
});

const campaignBase = () => ({
  last_name: '山田',
  first_name: '太郎',
  last_name_kana: 'ヤマダ',
  first_name_kana: 'タロウ',
  job: '2',
  company_name: '株式会社テスト',
  department: '2',
  post: '1',
  business_phone: '03-1234-5678',
  business_email: `campaign-${unique()}@example.co.jp`,
  company_area: '3',
  company_size: '4',
  sansan_interest: '1',
  interest_theme: '1',
});

/** Waits out the last seconds of a rate-limit window, so a test's attempts all fall in one. */
async function freshWindow(): Promise<void> {
  const left = formLimits.windowSeconds - (Math.floor(Date.now() / 1000) % formLimits.windowSeconds);
  if (left <= 5) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 100));
}

describe('POST /api/contact', () => {
  it('stores an inquiry from a visitor and answers 201 with its id', async () => {
    const body = contact();
    const result = await api<{ id: string; received_at: string }>('POST', '/api/contact', { body });
    expect(result.status).toBe(201);
    const stored = (await formEntryRepository.listContacts(result.body.received_at)).find(
      (row) => row.id === result.body.id,
    );
    expect(stored).toMatchObject({
      email: body.email,
      contact_type: '5',
      content: body.contactContent,
      user_id: null,
    });
  });

  it('records the signed-in sender', async () => {
    const result = await api<{ id: string; received_at: string }>('POST', '/api/contact', {
      body: contact({ contactType: 1 }),
      token: await tokenFor('contact-user-1'),
    });
    expect(result.status).toBe(201);
    const stored = (await formEntryRepository.listContacts(result.body.received_at)).find(
      (row) => row.id === result.body.id,
    );
    expect(stored?.user_id).toBe('contact-user-1');
    expect(stored?.contact_type).toBe('1');
  });

  it.each([
    ['a missing e-mail', { email: undefined }, 'email'],
    ['a malformed e-mail', { email: 'not-an-email' }, 'email'],
    ['an unknown type', { contactType: '99' }, 'contactType'],
    ['a wrong type', { contactType: { a: 1 } }, 'contactType'],
    ['empty content', { contactContent: '   ' }, 'contactContent'],
    ['too long content', { contactContent: 'あ'.repeat(2001) }, 'contactContent'],
    ['control characters', { contactContent: 'a\u0007b' }, 'contactContent'],
  ])('refuses %s with 422 and stores nothing', async (_, overrides, field) => {
    const before = (await formEntryRepository.listContacts()).length;
    const result = await api<ErrorBody>('POST', '/api/contact', { body: contact(overrides) });
    expect(result.status).toBe(422);
    expect(result.body.errors?.[field]?.[0]).toBeTruthy();
    expect((await formEntryRepository.listContacts()).length).toBe(before);
  });

  it('limits sends per e-mail address, answering 429 with Retry-After', async () => {
    await freshWindow();
    const email = `limited-${unique()}@example.com`;
    for (let i = 0; i < formLimits.perEmail; i++)
      expect(
        await rateLimitRepository.countAttempt(
          'contact',
          `mail:${email}`,
          formLimits.windowSeconds,
          formLimits.perEmail,
          new Date(),
        ),
      ).toBeNull();
    const result = await api<ErrorBody>('POST', '/api/contact', { body: contact({ email }) });
    expect(result.status).toBe(429);
    expect(result.body.code).toBe('rate_limited');
    expect(Number(result.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits sends per network address', async () => {
    const now = new Date('2030-01-01T00:10:00Z');
    const send = (n: number) =>
      sendContact({
        email: `ip-${n}-${unique()}@example.com`,
        contactType: '7',
        contactContent: 'テスト',
        userId: null,
        sourceIp: '198.51.100.7',
        now,
      });
    for (let n = 0; n < formLimits.perIp; n++) await send(n);
    await expect(send(99)).rejects.toBeInstanceOf(TooManyRequestsError);
  });
});

describe('campaign entry form', () => {
  it('confirm checks the 14 fields and answers them trimmed, storing nothing', async () => {
    const body = campaign({ company_name: '  株式会社テスト  ' });
    const before = (await formEntryRepository.listCampaignEntries('gdo_2023')).length;
    const result = await api<Record<string, string>>('POST', '/api/campaign-entry-form/confirm', { body });
    expect(result.status).toBe(200);
    expect(result.body['company_name']).toBe('株式会社テスト');
    expect(Object.keys(result.body)).toHaveLength(14);
    expect((await formEntryRepository.listCampaignEntries('gdo_2023')).length).toBe(before);
  });

  it('store keeps one entry per business e-mail', async () => {
    const body = campaignBase();
    const first = await api<{ id: string }>('POST', '/api/campaign-entry-form/store', { body });
    expect(first.status).toBe(201);
    const again = await api<ErrorBody>('POST', '/api/campaign-entry-form/store', {
      body: { ...body, business_email: body.business_email.toUpperCase() },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('すでに');
    const stored = (await formEntryRepository.listCampaignEntries('gdo_2023')).filter(
      (row) => row.business_email === body.business_email,
    );
    expect(stored).toHaveLength(1);
  });

  it.each([
    ['kana in hiragana', { last_name_kana: 'やまだ' }, 'last_name_kana'],
    ['a master value not in its list', { company_size: '42' }, 'company_size'],
    ['a malformed phone number', { business_phone: '12-34' }, 'business_phone'],
    ['a malformed e-mail', { business_email: 'x@' }, 'business_email'],
    ['a missing name', { last_name: undefined }, 'last_name'],
    ['a too long company name', { company_name: 'あ'.repeat(101) }, 'company_name'],
  ])('refuses %s with 422 on confirm and store, storing nothing', async (_, overrides, field) => {
    const before = (await formEntryRepository.listCampaignEntries('gdo_2023')).length;
    for (const path of ['/api/campaign-entry-form/confirm', '/api/campaign-entry-form/store']) {
      const result = await api<ErrorBody>('POST', path, { body: campaign(overrides) });
      expect(result.status).toBe(422);
      expect(result.body.errors?.[field]?.[0]).toBeTruthy();
    }
    expect((await formEntryRepository.listCampaignEntries('gdo_2023')).length).toBe(before);
  });
});

describe('operator exports', () => {
  it('refuse visitors (401) and players (403)', async () => {
    for (const path of ['/api/ops/contacts/export', '/api/ops/campaign-entries/export']) {
      expect((await api('GET', path)).status).toBe(401);
      expect((await api('GET', path, { token: await tokenFor('export-player') })).status).toBe(403);
    }
  });

  it('give operators CSV with names for coded values, since an instant', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const sent = contact({ contactType: '3', contactContent: '=1+1 賞品について' });
    expect((await api('POST', '/api/contact', { body: sent })).status).toBe(201);
    const entry = campaignBase();
    expect((await api('POST', '/api/campaign-entry-form/store', { body: entry })).status).toBe(201);
    const operator = await tokenFor('export-operator', ['operators']);

    const contacts = await api<CsvBody>(
      'GET',
      `/api/ops/contacts/export?since=${encodeURIComponent(since)}`,
      {
        token: operator,
      },
    );
    expect(contacts.status).toBe(200);
    expect(contacts.body.csv.startsWith('\ufeff"id","received_at","email"')).toBe(true);
    const line = contacts.body.csv.split('\r\n').find((row) => row.includes(sent.email));
    expect(line).toContain(`"${contactTypes[2].name}"`);
    expect(line).toContain(`"'=1+1 賞品について"`);
    // Times as operators read them: Asia/Tokyo with the offset.
    expect(line).toMatch(/","\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00","/);

    const entries = await api<CsvBody>(
      'GET',
      `/api/ops/campaign-entries/export?since=${encodeURIComponent(since)}`,
      {
        token: operator,
      },
    );
    const row = entries.body.csv.split('\r\n').find((line) => line.includes(entry.business_email));
    expect(row).toContain('"関東"');
    expect(row).toContain('"100〜299名"');

    const future = await api<CsvBody>('GET', '/api/ops/contacts/export?since=2999-01-01T00:00:00%2B09:00', {
      token: operator,
    });
    expect(future.body.count).toBe(0);
    expect(
      (await api<ErrorBody>('GET', '/api/ops/contacts/export?since=yesterday', { token: operator })).status,
    ).toBe(422);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, setUnauthenticatedHandler, toApiError } from './api-client';
import { earlyAnswerMaxAgeMs } from './early-data';

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthenticatedHandler(null);
});

describe('toApiError', () => {
  it('keeps the server message, code and field errors', () => {
    const error = toApiError(422, {
      message: '入力内容に誤りがあります。',
      code: 'validation_failed',
      errors: { email: ['メールアドレスを入力してください。'] },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: '入力内容に誤りがあります。',
      errors: { email: ['メールアドレスを入力してください。'] },
    });
  });

  it('derives code and Japanese text from the status when the body is not the error shape', () => {
    expect(toApiError(503, '<html>')).toMatchObject({
      code: 'service_unavailable',
      message: '現在アクセスが集中しています。時間を置いて、再度ご確認ください。',
    });
    expect(toApiError(502, undefined)).toMatchObject({ code: 'internal', errors: undefined });
    expect(toApiError(404, { code: 'whatever' }).code).toBe('not_found');
  });
});

describe('toApiError for a specific code', () => {
  it('reads its text from the one table, so a screen can tell guild_full from already_in_guild', () => {
    expect(toApiError(409, { code: 'guild_full', message: 'server text' })).toMatchObject({
      code: 'guild_full',
      message: 'このギルドは満員のため参加できません。',
    });
    expect(toApiError(409, { code: 'already_in_guild', message: '' }).message).toBe(
      'すでに他のギルドに参加しています。',
    );
    expect(toApiError(409, { code: 'conflict', message: '中止になった大会です。' }).message).toBe(
      '中止になった大会です。',
    );
  });
});

describe('apiRequest', () => {
  it('asks for JSON, sends JSON bodies and validates the answer', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const answer = await apiRequest('/api/thing', {
      method: 'POST',
      body: { a: 1 },
      schema: z.object({ ok: z.boolean() }),
    });
    expect(answer).toEqual({ ok: true });
    const init = fetchMock.mock.calls[0]![1]!;
    const headers = new Headers(init.headers);
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.has('authorization')).toBe(false);
    expect(init.body).toBe('{"a":1}');
  });

  it('throws ApiError with the status and reports a 401', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(401, { message: 'ログインが必要です。', code: 'unauthenticated' }),
    );
    const onUnauthenticated = vi.fn();
    setUnauthenticatedHandler(onUnauthenticated);
    await expect(apiRequest('/api/user/me')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('turns a broken contract into a 500 and a lost connection into a network error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', async () => jsonResponse(200, { ok: 'yes' }));
    await expect(apiRequest('/api/thing', { schema: z.object({ ok: z.boolean() }) })).rejects.toMatchObject({
      status: 500,
      code: 'internal',
    });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('/api/thing')).rejects.toMatchObject({ status: 0, code: 'network' });
  });
});

describe('apiRequest with answers asked for before the app ran', () => {
  const early = (entries: Record<string, { at: number; answer: Promise<Response> }>) =>
    vi.stubGlobal('__EARLY_DATA__', entries);

  it('takes the early answer of the same GET once, then asks the network', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { from: 'network' }));
    vi.stubGlobal('fetch', fetchMock);
    early({
      '/api/golf/ranking?type=1&page=1': {
        at: Date.now(),
        answer: Promise.resolve(jsonResponse(200, { from: 'early' })),
      },
    });
    const query = { type: 1, page: 1 };
    expect(await apiRequest('/api/golf/ranking', { query })).toEqual({ from: 'early' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await apiRequest('/api/golf/ranking', { query })).toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks the network for another URL, a stale, failed or refused early answer, and any write', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { from: 'network' }));
    vi.stubGlobal('fetch', fetchMock);
    const now = Date.now();
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined);
    early({
      '/api/a': { at: now, answer: Promise.resolve(jsonResponse(200, { from: 'early' })) },
      '/api/stale': { at: now - earlyAnswerMaxAgeMs - 1, answer: Promise.resolve(jsonResponse(200, {})) },
      '/api/failed': { at: now, answer: failed },
      '/api/busy': { at: now, answer: Promise.resolve(jsonResponse(503, {})) },
      '/api/write': { at: now, answer: Promise.resolve(jsonResponse(200, { from: 'early' })) },
    });
    expect(await apiRequest('/api/a', { query: { page: 2 } })).toEqual({ from: 'network' });
    expect(await apiRequest('/api/stale')).toEqual({ from: 'network' });
    expect(await apiRequest('/api/failed')).toEqual({ from: 'network' });
    expect(await apiRequest('/api/busy')).toEqual({ from: 'network' });
    expect(await apiRequest('/api/write', { method: 'POST', body: {} })).toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });
});

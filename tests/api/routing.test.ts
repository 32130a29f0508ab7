import { describe, expect, it } from 'vitest';
import { api, baseUrl, tokenFor } from './support/api';

describe('the local API gateway', () => {
  it('answers unknown /api paths with 404 JSON in the one error shape', async () => {
    const result = await api<{ message: string; code: string }>('GET', '/api/does/not/exist');
    expect(result.status).toBe(404);
    expect(result.headers.get('content-type')).toContain('application/json');
    expect(result.body).toEqual({ message: 'お探しのページが見つかりませんでした。', code: 'not_found' });
  });

  it('answers a known path with the wrong method with 405', async () => {
    const result = await api<{ code: string }>('DELETE', '/api/master/prefecture');
    expect(result.status).toBe(405);
    expect(result.body.code).toBe('method_not_allowed');
  });

  it('validates query parameters with 422 field errors', async () => {
    const result = await api<{ errors: Record<string, string[]> }>(
      'GET',
      `/api/golf/schedule/score?game_global_id=${'x'.repeat(65)}`,
    );
    expect(result.status).toBe(422);
    expect(Object.keys(result.body.errors)).toEqual(['game_global_id']);
  });

  it('answers a tournament that does not exist with 404', async () => {
    const result = await api<{ code: string }>('GET', '/api/golf/schedule/score?game_global_id=1999-01');
    expect(result.status).toBe(404);
    expect(result.body.code).toBe('not_found');
  });

  it('ignores a bad token on a public endpoint', async () => {
    const result = await api('GET', '/api/master/gender', { token: 'not-a-token' });
    expect(result.status).toBe(200);
  });

  it('accepts a token signed by the local issuer', async () => {
    const token = await tokenFor('user-1');
    const result = await api('GET', '/api/master/gender', { token });
    expect(result.status).toBe(200);
  });

  it('serves no SPA when the stack has none', async () => {
    const response = await fetch(`${baseUrl}/some/page`);
    expect(response.status).toBe(404);
  });
});

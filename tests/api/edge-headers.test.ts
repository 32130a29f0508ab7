import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './support/api';

/** A raw GET (fetch would decode the body itself), with the encodings the caller accepts. */
function rawGet(path: string, acceptEncoding: string) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    request(`${baseUrl}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('the local stack answers as CloudFront does', () => {
  it('sends the security headers on API answers and errors alike', async () => {
    for (const path of ['/api/master/prefecture', '/api/does/not/exist']) {
      const { headers } = await rawGet(path, 'identity');
      expect(headers['strict-transport-security'], path).toMatch(/^max-age=\d+; includeSubDomains; preload$/);
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy'], path).toContain("script-src 'self'");
    }
  });

  it('compresses a text answer of 1,000 bytes or more: Brotli, else gzip, else not at all', async () => {
    const plain = await rawGet('/api/master/prefecture', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThanOrEqual(1000);

    const br = await rawGet('/api/master/prefecture', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toContain('accept-encoding');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length);

    const gzip = await rawGet('/api/master/prefecture', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);

    const small = await rawGet('/api/master/gender', 'br');
    expect(small.body.length).toBeLessThan(1000);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

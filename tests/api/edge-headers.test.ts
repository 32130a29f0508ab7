import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { config } from '../../functions/src/lib/config';
import { s3 } from '../../functions/src/lib/s3-client';
import { publicUrl } from '../../functions/src/lib/uploads';
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

  it('finding 8: sends Permissions-Policy, Cross-Origin-Opener-Policy and a CSP without inline styles', async () => {
    for (const path of ['/api/master/prefecture', '/api/does/not/exist']) {
      const { headers } = await rawGet(path, 'identity');
      expect(headers['permissions-policy'], path).toMatch(/(^|, )camera=\(\)/);
      expect(headers['permissions-policy'], path).toMatch(/(^|, )microphone=\(\)/);
      expect(headers['permissions-policy'], path).toMatch(/(^|, )geolocation=\(\)/);
      expect(headers['cross-origin-opener-policy'], path).toBe('same-origin');
      expect(headers['content-security-policy'], path).toContain("style-src 'self';");
      expect(headers['content-security-policy'], path).not.toContain('unsafe-inline');
    }
  });

  it('finding 8: the storage origin serves an HTML object with nosniff and a CSP under which nothing runs', async () => {
    const key = 'uploads/share/headers-check/index.html';
    await s3().send(
      new PutObjectCommand({
        Bucket: config().UPLOADS_BUCKET,
        Key: key,
        Body: '<!doctype html><script>alert(1)</script>',
        ContentType: 'text/html; charset=utf-8',
      }),
    );
    const answer = await fetch(publicUrl(key));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toMatch(/^default-src 'none'; /);
    expect(answer.headers.get('content-security-policy')).not.toMatch(/script-src|unsafe/);
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
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

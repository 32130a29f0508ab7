/**
 * `npm run bench:chunks`: the JavaScript a route adds to the first bundle, as the browser fetches
 * it (and gzip-compressed, as CloudFront sends it). For each measured route a signed-in sample
 * player opens it directly; the scripts the top page also loads (the first bundle) are left out.
 * Writes bench/results/route-chunks.json (not with `-- --smoke`). Needs `npm run build` first.
 * Fails, at every size, when a route adds more than its limit: a module that starts loading the
 * schemas (zod) on /mypage shows here, not only in the figures.
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import { startBuiltSite } from './built-site';
import { smokeDone, writeFigures } from './smoke';

/** Each measured route and the JavaScript it may add, as sent (docs/performance.md). */
const limits: Record<string, number> = { '/mypage': 30 * 1024 };
const measured = Object.keys(limits);
const player = 'sample-user-0001';

async function scriptsOf(browser: Browser, url: string, token: string, waitFor: string) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'ja-JP' });
  await context.addCookies([{ name: 'token', value: token, url }]);
  const page = await context.newPage();
  const scripts = new Map<string, Buffer>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      void response.body().then(
        (body) => scripts.set(new URL(response.url()).pathname, body),
        () => undefined,
      );
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  await page.locator(waitFor).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await context.close();
  return scripts;
}

async function main() {
  const { stack, browser, stop } = await startBuiltSite();
  try {
    const { token } = await signLocalAccessToken({ sub: player });
    const entry = await scriptsOf(browser, stack.url + '/', token, 'main');
    const routes: Record<string, { chunks: Record<string, number>; jsBytes: number; jsGzipBytes: number }> =
      {};
    for (const path of measured) {
      const scripts = await scriptsOf(browser, stack.url + path, token, 'main .page-body');
      const own = [...scripts].filter(([name]) => !entry.has(name));
      routes[path] = {
        chunks: Object.fromEntries(own.map(([name, body]) => [name, gzipSync(body).length])),
        jsBytes: own.reduce((sum, [, body]) => sum + body.length, 0),
        jsGzipBytes: own.reduce((sum, [, body]) => sum + gzipSync(body).length, 0),
      };
    }
    const result = { measuredAt: new Date().toISOString(), player, routes };
    writeFigures('bench/results/route-chunks.json', JSON.stringify(result, null, 2) + '\n');
    console.table(
      Object.fromEntries(
        Object.entries(routes).map(([path, r]) => [
          path,
          {
            chunks: Object.keys(r.chunks).length,
            jsKB: Math.round(r.jsBytes / 1024),
            gzipKB: +(r.jsGzipBytes / 1024).toFixed(1),
          },
        ]),
      ),
    );
    const over = Object.entries(routes).filter(([path, r]) => r.jsBytes > limits[path]!);
    for (const [path, r] of over)
      console.error(
        `${path} adds ${r.jsBytes} bytes of JavaScript, over its ${limits[path]}: ${Object.keys(r.chunks).join(', ')}`,
      );
    if (over.length) throw new Error('a route adds more JavaScript than its limit');
    smokeDone();
  } finally {
    await stop();
  }
}

await main();

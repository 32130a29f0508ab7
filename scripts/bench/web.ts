/**
 * `npm run bench:web`: the built SPA on the local stack (seeded, in memory), in headless Chromium as
 * a phone (375 px) with a 4x CPU slowdown and Lighthouse's slow 4G (150 ms RTT, 1.6 Mbit/s down):
 * LCP, CLS and total blocking time of the top, score and ranking pages (the ranking as a signed-in
 * player; the median of 5 loads by LCP, `WEB_BENCH_RUNS` to change), the JavaScript each loads
 * (as sent and gzip-compressed, as CloudFront compresses it), and axe-core on every screen without
 * parameters whose route declares it open to visitors (`staticData.page`). Writes bench/results/web.json.
 * Needs `npm run build` first. `-- --smoke`: one load of the top page and axe on one screen, nothing written.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { signLocalAccessToken } from '../../functions/src/lib/local-issuer';
import { sampleUserId } from '../seed/teams';
import { startBuiltSite } from './built-site';
import { sized, smokeDone, writeFigures } from './smoke';

/** The pages measured, and as whom: the ranking is a signed-in player's page (a sample player's). */
const measured = [
  { path: '/', player: false },
  { path: '/schedule/score', player: false },
  { path: '/ranking/golf/personal', player: true },
] as const;
/** Loads of each page (after one to warm the stack); the run with the median LCP is reported. */
const runs = sized(Number(process.env['WEB_BENCH_RUNS'] ?? 5), 1);
/** A smoke run loads its page once, without the warm-up load before. */
const firstRun = sized(0, 1);
/** How long a load waits, once the network is idle, for late layout shifts and long tasks. */
const settleMs = sized(1500, 100);
const slow4g = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const phone = { viewport: { width: 375, height: 812 }, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' };
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Vitals {
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** The element LCP names (tag and class), and when the page's last script and API answer ended. */
  lcpElement: string;
  lastScriptEndMs: number;
  lastApiEndMs: number | null;
}

/** Runs in the page (as text: this file has no DOM types): collects LCP, CLS and long tasks. */
const observe = `(() => {
  const state = { lcp: 0, cls: 0, tbt: 0, element: '' };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) {
    state.lcp = e.startTime;
    state.element = e.element ? (e.element.tagName.toLowerCase() + (e.element.className ? '.' + String(e.element.className).split(' ').join('.') : '')) : String(e.url);
  } })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) state.cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) state.tbt += Math.max(0, e.duration - 50); })
    .observe({ type: 'longtask', buffered: true });
  window.__vitals = state;
})();`;

async function measure(page: Page, url: string): Promise<Vitals & { jsBytes: number; jsGzipBytes: number }> {
  const scripts: Buffer[] = [];
  const onResponse = async (response: Response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(await response.body().catch(() => Buffer.alloc(0)));
  };
  page.on('response', onResponse);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', slow4g);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript({ content: observe });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  // On a busy machine the throttled page can still be running its scripts when the network has
  // been idle for a while: wait for a first paint of content, then for the network to settle.
  // A function, not a string: the site's CSP refuses eval.
  await page.waitForFunction(
    () => (globalThis as unknown as { __vitals: { lcp: number } }).__vitals.lcp > 0,
    null,
    { timeout: 120_000, polling: 100 },
  );
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  await page.waitForTimeout(settleMs);
  const vitals = (await page.evaluate('window.__vitals')) as {
    lcp: number;
    cls: number;
    tbt: number;
    element: string;
  };
  const ends = (await page.evaluate(`(() => {
    const entries = performance.getEntriesByType('resource');
    const end = (list) => list.length ? Math.max(...list.map((e) => e.responseEnd)) : null;
    return { script: end(entries.filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))), api: end(entries.filter((e) => e.name.includes('/api/'))) };
  })()`)) as { script: number | null; api: number | null };
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  page.off('response', onResponse);
  return {
    lcpMs: Math.round(vitals.lcp),
    cls: Math.round(vitals.cls * 1000) / 1000,
    tbtMs: Math.round(vitals.tbt),
    lcpElement: vitals.element,
    lastScriptEndMs: Math.round(ends.script ?? 0),
    lastApiEndMs: ends.api === null ? null : Math.round(ends.api),
    jsBytes: scripts.reduce((sum, body) => sum + body.length, 0),
    jsGzipBytes: scripts.reduce((sum, body) => sum + gzipSync(body).length, 0),
  };
}

async function axe(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'networkidle' });
  // Through the debugging protocol: the site's CSP refuses inline scripts.
  await page.evaluate(axeSource);
  // The first elements of each violation are kept, so a report names what to fix.
  const result = (await page.evaluate(
    `axe.run({ resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) })))`,
  )) as Array<{ id: string; impact: string; nodes: number; targets: string[] }>;
  return result;
}

async function main() {
  const { stack, browser, stop } = await startBuiltSite();
  try {
    const player = (await signLocalAccessToken({ sub: sampleUserId(1) })).token;
    const vitals: Record<string, Awaited<ReturnType<typeof measure>> & { lcpRunsMs: number[] }> = {};
    for (const { path, player: signedIn } of measured.slice(0, sized(measured.length, 1))) {
      const loads: Array<Awaited<ReturnType<typeof measure>>> = [];
      for (let run = firstRun; run <= runs; run++) {
        const context = await browser.newContext(phone);
        if (signedIn) await context.addCookies([{ name: 'token', value: player, url: stack.url }]);
        const load = await measure(await context.newPage(), stack.url + path);
        await context.close();
        if (run > 0) loads.push(load);
      }
      loads.sort((a, b) => a.lcpMs - b.lcpMs);
      vitals[path] = { ...loads[Math.floor(loads.length / 2)]!, lcpRunsMs: loads.map((load) => load.lcpMs) };
    }
    const accessibility: Record<string, Awaited<ReturnType<typeof axe>>> = {};
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    // The routes as the built site holds them (TanStack Router keeps its router on `window`).
    await page.goto(stack.url + '/', { waitUntil: 'networkidle' });
    const visitorScreens = (await page.evaluate(`Object.values(window.__TSR_ROUTER__.routesById)
      .filter((route) => route.options.staticData?.page?.visitorAllowed && !route.fullPath.includes('$'))
      .map((route) => (route.fullPath.length > 1 ? route.fullPath.replace(/\\/$/, '') : route.fullPath))`)) as string[];
    const screens = visitorScreens.slice(0, sized(Infinity, 1));
    for (const screen of screens) accessibility[screen] = await axe(page, stack.url + screen);
    await context.close();
    const serious = Object.entries(accessibility).flatMap(([screen, violations]) =>
      violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${screen}: ${v.id} (${v.impact}, ${v.nodes}: ${v.targets.join(', ')})`),
    );
    const result = {
      measuredAt: new Date().toISOString(),
      profile: { cpuSlowdown: 4, network: 'slow 4G', width: 375, runs, rankingAs: 'sample player' },
      vitals,
      screens: screens.length,
      seriousOrCritical: serious,
      accessibility,
    };
    writeFigures('bench/results/web.json', JSON.stringify(result, null, 2) + '\n');
    console.table(
      Object.fromEntries(
        Object.entries(vitals).map(([path, v]) => [
          path,
          { ...v, lcpRunsMs: v.lcpRunsMs.join(' '), jsGzipKB: Math.round(v.jsGzipBytes / 1024) },
        ]),
      ),
    );
    console.log(`axe: ${screens.length} screens, ${serious.length} serious or critical violations`);
    for (const line of serious) console.log(`  ${line}`);
    smokeDone();
  } finally {
    await stop();
  }
}

await main();

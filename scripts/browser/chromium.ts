import { existsSync } from 'node:fs';

/**
 * The Chromium the browser journeys and the benches drive: `CHROMIUM_PATH` where set, else Debian's
 * headless shell (package `chromium-headless-shell`, Chromium's old headless mode as a binary of its
 * own), else Debian's full `chromium`. The headless shell renders the same pages with the same
 * engine and no browser UI behind them: the journeys cost about a third less CPU with it
 * (docs/performance.md, Test suite and CI time).
 */
export function chromiumExecutable(): string {
  const set = process.env['CHROMIUM_PATH'];
  if (set) return set;
  const found = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));
  if (!found)
    throw new Error(
      'No Chromium found: sudo apt-get install -y chromium-headless-shell (or set CHROMIUM_PATH)',
    );
  return found;
}

/** Quiet and headless: no sandbox (containers), no GPU, no background traffic. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

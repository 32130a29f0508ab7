/**
 * A player's check of a tournament's prize lottery: `npm run verify-draw -- <game_global_id> [--url URL]`
 * (docs/game-rules.md, 賞品). It reads only public answers of the site (the local stack of
 * `npm start` by default): the lottery's commitments, secrets, seeds and entrants
 * (GET /api/golf/prizes/verification) and the leaderboard (GET /api/golf/schedule/score), re-derives
 * the seed and the winners, and prints whether they match what the site published.
 */
import { checkDraw, type DrawCheckResult } from '../shared/src/game/draw-check';
import { drawVerificationSchema, type DrawVerification } from '../shared/src/schemas/prize';
import { tournamentScoreSchema } from '../shared/src/schemas/schedule';
import { isEntryPoint } from './entry-point';

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Reads the published values of `gameGlobalId` from the site at `siteUrl` and checks them. */
export async function verifyPublishedDraw(siteUrl: string, gameGlobalId: string): Promise<DrawCheckResult> {
  const base = siteUrl.replace(/\/$/, '');
  const id = encodeURIComponent(gameGlobalId);
  const page = async (n: number) =>
    drawVerificationSchema.parse(
      await getJson(`${base}/api/golf/prizes/verification?game_global_id=${id}&page=${n}`),
    );
  const first = await page(1);
  const rest = await Promise.all(Array.from({ length: first.entrants.pages - 1 }, (_, i) => page(i + 2)));
  const published: DrawVerification = {
    ...first,
    entrants: { ...first.entrants, user_ids: [first, ...rest].flatMap((answer) => answer.entrants.user_ids) },
  };
  const score = tournamentScoreSchema.parse(
    await getJson(`${base}/api/golf/schedule/score?game_global_id=${id}`),
  );
  return checkDraw(published, score.leaderboard);
}

async function main(argv: string[]): Promise<number> {
  const positional = argv.filter((arg, i) => !arg.startsWith('--') && argv[i - 1] !== '--url');
  const urlAt = argv.indexOf('--url');
  const siteUrl = urlAt >= 0 ? argv[urlAt + 1]! : `http://127.0.0.1:${process.env['PORT'] || '3000'}`;
  const gameGlobalId = positional[0];
  if (!gameGlobalId) {
    process.stderr.write('usage: npm run verify-draw -- <game_global_id> [--url https://サイトのアドレス]\n');
    return 2;
  }
  const result = await verifyPublishedDraw(siteUrl, gameGlobalId);
  for (const check of result.checks) process.stdout.write(`${check.ok ? 'OK  ' : 'NG  '}${check.what}\n`);
  process.stdout.write(
    result.ok
      ? '公開された値だけから、同じ当選者を導けました。\n'
      : '公開された値と一致しないところがあります（NG の行）。\n',
  );
  return result.ok ? 0 : 1;
}

if (isEntryPoint(import.meta.url)) void main(process.argv.slice(2)).then((code) => process.exit(code));

import type { PrizeRecord } from '@golf/shared/schemas/prize';
import { batchWriteAll } from '@golf/functions/db/batch-write';
import { prizeItem } from '@golf/functions/db/repositories/prize-repository';
import { exportPrizeWinners } from '@golf/functions/domain/ops/winners-export';
import { listWonPrizes } from '@golf/functions/domain/prize/prize-claim-service';
import { listOpsPrizes } from '@golf/functions/domain/prize/prize-setup-service';
import { listPrizeWinners } from '@golf/functions/domain/prize/prize-winners';
import { api, tokenFor } from './api';
import { finishedFixture, gameFixture, team, writeFixture } from './game-fixtures';

export type ErrorBody = { code: string; message: string; errors?: Record<string, string[]> };

const tokens = new Map<string, Promise<string>>();
/** A player's token, signed once per user (the first call also writes the user). */
export const playerToken = (userId: string): Promise<string> => {
  if (!tokens.has(userId)) tokens.set(userId, tokenFor(userId));
  return tokens.get(userId)!;
};
const operatorToken = (): Promise<string> => {
  if (!tokens.has('prize-race-operator'))
    tokens.set('prize-race-operator', tokenFor('prize-race-operator', ['operators']));
  return tokens.get('prize-race-operator')!;
};

const asOperator = async <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown) =>
  api<T>(method, path, { token: await operatorToken(), ...(body === undefined ? {} : { body }) });

const prize = (
  gid: string,
  fields: Partial<PrizeRecord> & Pick<PrizeRecord, 'id' | 'kind'>,
): PrizeRecord => ({
  name: `賞品 ${fields.id}`,
  description: '',
  image_url: '',
  value_yen: 1000,
  winners_count: 1,
  rank_from: null,
  rank_to: null,
  game_global_id: gid,
  season_id: 2099,
  order: 999,
  ...fields,
});

/**
 * A finished tournament of its own (rounds 1-2 final) with `entrants` players who entered both
 * rounds and an entry prize drawn among them for `winners` winners; with `firstPlace`, a prize for
 * the first place too.
 */
export async function prizeTournament(
  gid: string,
  options: { entrants?: number; winners?: number; firstPlace?: boolean } = {},
) {
  const fixture = finishedFixture(gid);
  const users = Array.from({ length: options.entrants ?? 8 }, (_, i) => `${gid}-u${i}`);
  // The 9 active players, 4 of them a team, a different 4 for each user.
  const active = fixture.playerIds.slice(0, 9);
  const picks = (i: number) => [0, 1, 2, 3].map((slot) => active[(i + slot * 2) % active.length]!);
  await writeFixture(
    fixture,
    users.flatMap((user, i) => [1, 2].map((round) => team(gid, round, user, picks(i)))),
  );
  const entry = prize(gid, { id: `entry-${gid}`, kind: 'entry', winners_count: options.winners ?? 3 });
  const first = prize(gid, { id: `game-${gid}-r1-1`, kind: 'game', rank_from: 1, rank_to: 1 });
  await batchWriteAll([prizeItem(entry), ...(options.firstPlace ? [prizeItem(first)] : [])]);
  return { gid, users, entry, first };
}

/** A tournament of its own, not started, to set prizes up for. */
export async function stagedTournament(gid: string): Promise<string> {
  await writeFixture(gameFixture(gid));
  return gid;
}

export const draw = (gid: string, options: { redraw?: boolean } = {}) =>
  asOperator<ErrorBody & { already_done?: boolean }>('POST', '/api/golf/ops/prizes/draw', {
    game_global_id: gid,
    accept_fewer: true,
    ...options,
  });

export const retire = (prizeId: string) =>
  asOperator<ErrorBody>('POST', '/api/golf/ops/prizes/retire', { prize_id: prizeId, retired: true });

export const saveRankPrize = (gid: string, from: number, to: number) =>
  asOperator<ErrorBody>('POST', '/api/golf/ops/prizes', {
    kind: 'game',
    game_global_id: gid,
    name: `${from}〜${to}位の賞品`,
    description: '',
    value_yen: 1000,
    rank_from: from,
    rank_to: to,
  });

export const claim = async (userId: string, prizeId: string, email: string) =>
  api<ErrorBody>('POST', '/api/golf/user_golf_game_prize', {
    token: await playerToken(userId),
    body: { id: prizeId, email, email_confirmation: email },
  });

// The checks below read through the domain functions the routes call (what a player's page, the
// public winners list, the export and the operators' list show), in the test's own process: many
// trials at once then keep the API's process for the operations that race.

/** The users whose prize page lists the prize as won, each with the claim the page shows (or null). */
export async function winnerPages(prizeId: string, users: readonly string[]) {
  const pages = await Promise.all(
    users.map(async (user) => {
      const won = (await listWonPrizes(user)).prizes.find((p) => p.prize.id === prizeId);
      return won ? ([[user, won.claim]] as const) : [];
    }),
  );
  return new Map(pages.flat());
}

/** The users whose prize page lists the prize as won. */
export const usersShownAsWinners = async (prizeId: string, users: readonly string[]) => [
  ...(await winnerPages(prizeId, users)).keys(),
];

/** The public winners list: each prize's winners' user ids. */
export async function publicWinners(gid: string): Promise<Map<string, string[]>> {
  const listed = await listPrizeWinners(gid);
  return new Map(listed.prizes.map((p) => [p.prize.id, p.winners.map((winner) => winner.user_id)]));
}

/** The winners export's rows (the tournament must have an offered prize). */
export async function exportedWinners(gid: string) {
  const { csv } = await exportPrizeWinners(gid);
  const [header, ...lines] = csv
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');
  const names = header!.slice(1, -1).split('","');
  return lines.map((line) => {
    const cells = line.slice(1, -1).split('","');
    const row = Object.fromEntries(names.map((name, i) => [name, cells[i] ?? '']));
    return { prize_id: row['prize_id']!, user_id: row['user_id']!, claim_email: row['claim_email']! };
  });
}

/** Whether the prize is retired, and whether its draw is recorded (the operators' list). */
export async function prizeState(gid: string, prizeId: string) {
  const listed = (await listOpsPrizes(gid)).prizes.find((p) => p.id === prizeId)!;
  return { retired: listed.retired_at !== undefined, drawn: listed.drawn };
}

/** The offered rank prizes of a tournament whose ranks overlap another's. */
export async function overlappingRanks(gid: string): Promise<string[]> {
  const ranked = (await listOpsPrizes(gid)).prizes.filter(
    (p) => p.game_global_id === gid && p.rank_from !== null && p.rank_to !== null && !p.retired_at,
  );
  return ranked.flatMap((a) =>
    ranked.some((b) => b.id !== a.id && b.rank_from! <= a.rank_to! && a.rank_from! <= b.rank_to!)
      ? [a.id]
      : [],
  );
}

/**
 * Calls each prize route once (each refused: nothing is written), so that the races that follow
 * meet handlers already loaded, as in a warm function, rather than one still loading.
 */
export async function warmPrizeRoutes(): Promise<void> {
  await Promise.all([
    draw('prize-race-none'),
    retire('prize-race-none'),
    claim('prize-race-player', 'prize-race-none', 'none@example.com'),
    saveRankPrize('prize-race-none', 1, 1),
    api('POST', '/api/golf/user_golf_game_prize/confirm', {
      token: await playerToken('prize-race-player'),
      body: { id: 'prize-race-none', email: 'none@example.com', email_confirmation: 'none@example.com' },
    }),
  ]);
}

/** `count` trials at once, each on a tournament of its own; the first failure once all have ended. */
export async function trials(count: number, trial: (index: number) => Promise<void>): Promise<void> {
  const settled = await Promise.allSettled(Array.from({ length: count }, (_, index) => trial(index)));
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
}

/** A run id for ids unique to this run of the suite. */
export const runId = Date.now().toString(36);

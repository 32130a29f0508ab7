/**
 * A whole season lived through in the suite: three tournaments of four rounds each, driven through
 * time with the game clock on a stack of its own (its handlers and jobs in this process, on a table of
 * its own). Players register late, pick, change and are withdrawn from; operators import results
 * (with a correction after final, a DQ, a withdrawal after a deadline, a forced deadline and a
 * cancelled round), mark rounds final and draw prizes. After every step the invariants players rely
 * on are checked: every finished tournament's standings and winners stay readable and unchanged,
 * yearly points are the sum of the tournaments' points, every team stays as it was frozen at its
 * deadline, no mail is sent twice, and no view shows an unsettled team after a deadline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '../../scripts/local-stack/stack';
import { nowMs, setClockTo } from '../../functions/src/lib/clock';
import type { RoundView } from '../../shared/src/schemas/game';
import type { RankingPageResponse, OwnRankingResponse } from '../../shared/src/schemas/ranking';
import type { SeasonHistory } from '../../shared/src/schemas/season-history';
import { moveClockTo, resetClock } from './support/clock';
import { openFixture } from './support/game-fixtures';
import { registerPlayer, startOwnStack } from './support/own-stack';
import { publishRankingsNow } from './support/rankings';

const hour = 3600_000;
const day = 24 * hour;
const SEASON = 2026;
/** Tournament k's round r deadline: a week between tournaments, a day between rounds. */
const firstDeadline = Date.parse('2026-07-02T06:30:00+09:00');
const deadlineOf = (k: number, r: number) => firstDeadline + k * 7 * day + (r - 1) * day;
const iso = (ms: number) => new Date(ms).toISOString();

let stack: Stack;
let token: (sub: string, groups?: string[]) => Promise<string>;

interface Call<T> {
  status: number;
  body: T;
}
async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { as: string; body?: unknown; operator?: boolean },
): Promise<Call<T>> {
  const bearer = await token(options.as, options.operator ? ['operators'] : []);
  const response = await fetch(stack.url + path, {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${bearer}`,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}
const ops = <T = Record<string, unknown>>(path: string, body: unknown) =>
  call<T>('POST', path, { as: 'sr-operator', operator: true, body });

/** A tournament of the season: 12 players, every round open, no results. */
const tournament = (k: number) =>
  openFixture(`season-run-${k + 1}`, SEASON, (round) => deadlineOf(k, round), `シーズン大会 ${k + 1}`);
const season = [0, 1, 2].map(tournament);

/** Players out of the tournament (withdrawn, disqualified) and the instant the operator recorded it. */
const outSince = new Map<string, number>();
/** Every team as frozen at its deadline: `${gid}#${round}#${user}` -> its picks. */
const frozen = new Map<string, string>();
/** Finished tournaments' standings and prize winners as read when they finished. */
const finished = new Map<string, { standings: unknown; winners: unknown }>();

/** The 4 players `wanted` (1-based numbers in tournament k's field), each out one replaced by the next free one. */
function teamOf(k: number, wanted: number[]): string[] {
  const ids = season[k]!.playerIds;
  const chosen: string[] = [];
  for (const n of wanted) {
    const id = ids[n - 1]!;
    const free = [id, ...ids].find((candidate) => !outSince.has(candidate) && !chosen.includes(candidate));
    chosen.push(free!);
  }
  return chosen;
}

const save = (user: string, k: number, round: number, players: string[]) =>
  call('PUT', `/api/golf/round/${round}/team`, {
    as: user,
    body: { game_global_id: season[k]!.id, player_ids: players },
  });

async function standingsOf(gid: string) {
  const page = await call<RankingPageResponse>('GET', `/api/golf/ranking?game_global_id=${gid}&type=1`, {
    as: 'sr-reader',
  });
  expect(page.status).toBe(200);
  return page.body.rankings.map((row) => [row.rank, row.user_id, row.value]);
}

async function winnersOf(gid: string) {
  const exported = await call<{ content?: string }>(
    'GET',
    `/api/golf/ops/prizes/winners/export?game_global_id=${gid}`,
    { as: 'sr-operator', operator: true },
  );
  expect(exported.status).toBe(200);
  return exported.body;
}

const users = ['sr-a', 'sr-b', 'sr-c', 'sr-d'] as const;

/** The invariants, checked after every step. */
async function checkInvariants(label: string) {
  // Every team as it was frozen at its deadline.
  const { teamRepository } = await import('../../functions/src/db/repositories/team-repository');
  for (const tour of season)
    for (const round of [1, 2, 3, 4]) {
      for (const team of await teamRepository.listRound(tour.id, round)) {
        const key = `${tour.id}#${round}#${team.user_id}`;
        if (frozen.has(key)) expect(JSON.stringify(team.picks), `${label}: ${key}`).toBe(frozen.get(key));
      }
    }
  // Finished tournaments read the same, through their game_global_id.
  for (const [gid, kept] of finished) {
    expect(await standingsOf(gid), `${label}: standings of ${gid}`).toEqual(kept.standings);
    expect(await winnersOf(gid), `${label}: winners of ${gid}`).toEqual(kept.winners);
  }
  // No mail twice.
  const { listOutbox } = await import('../../functions/src/adapters/mail');
  const mails = (await listOutbox()).map((m) => `${m.to}\n${m.subject}\n${m.text}`);
  const twice = mails.filter((mail, index) => mails.indexOf(mail) !== index);
  expect(twice, `${label}: mails sent twice`).toEqual([]);
}

/** After a deadline: each player's round view shows his team settled (no player out before the deadline). */
async function checkViewsSettled(k: number, round: number, players: readonly string[]) {
  const tour = season[k]!;
  const record = await call<RoundView>('GET', `/api/golf/round/${round}?game_global_id=${tour.id}`, {
    as: players[0]!,
  });
  expect(record.status).toBe(200);
  const deadline = Date.parse(record.body.round.deadline_at);
  for (const user of players) {
    const view = await call<RoundView>('GET', `/api/golf/round/${round}?game_global_id=${tour.id}`, {
      as: user,
    });
    expect(view.status).toBe(200);
    for (const slot of view.body.team?.slots ?? []) {
      if (!slot) continue;
      const out = outSince.get(slot.player.player_id);
      expect(
        out === undefined || out >= deadline,
        `${user} round ${round} of ${tour.id} shows ${slot.player.player_id}, out before the deadline`,
      ).toBe(true);
    }
  }
}

/** Freezes what each team of the round holds once its deadline passed and it was settled. */
async function freeze(k: number, round: number) {
  const { teamRepository } = await import('../../functions/src/db/repositories/team-repository');
  const tour = season[k]!;
  for (const team of await teamRepository.listRound(tour.id, round))
    frozen.set(`${tour.id}#${round}#${team.user_id}`, JSON.stringify(team.picks));
}

function resultRows(k: number, round: number, dq?: string) {
  const tour = season[k]!;
  return tour.playerIds
    .filter((id) => !outSince.has(id) || id === dq)
    .map((player_id, i) => {
      const toPar = ((i * 7 + round * 3 + k) % 9) - 4;
      return {
        round,
        player_id,
        strokes: 72 + toPar,
        to_par: toPar,
        thru: 18,
        status: player_id === dq ? 'dq' : 'active',
      };
    });
}

async function importResults(k: number, round: number, dq?: string) {
  const imported = await ops('/api/golf/ops/results', {
    format: 'json',
    content: JSON.stringify({ game_global_id: season[k]!.id, results: resultRows(k, round, dq) }),
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
}

async function withdraw(k: number, playerId: string) {
  const withdrawn = await ops('/api/golf/ops/player/withdrawal', {
    game_global_id: season[k]!.id,
    player_id: playerId,
    reason: '体調不良',
  });
  expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
  outSince.set(playerId, nowMs());
}

beforeAll(async () => {
  ({ stack, token } = await startOwnStack('season-run', {
    seed: false,
    clock: new Date(firstDeadline - 2 * day),
  }));
  const { batchWriteAll } = await import('../../functions/src/db/batch-write');
  const { storedTournamentItems, fieldEntryItem } =
    await import('../../functions/src/db/repositories/tournament-repository');
  const { playerProfileItem } = await import('../../functions/src/db/repositories/player-repository');
  const { prizeItem } = await import('../../functions/src/db/repositories/prize-repository');
  await batchWriteAll(
    season.flatMap((tour, k) => [
      ...storedTournamentItems({ ...tour.record, published: true }, tour.field),
      ...tour.field.map(fieldEntryItem),
      ...tour.profiles.map(playerProfileItem),
      prizeItem({
        id: `season-run-entry-${k + 1}`,
        kind: 'entry',
        name: `エントリー賞 シーズン大会 ${k + 1}（2名様）`,
        description: '',
        image_url: '',
        winners_count: 2,
        rank_from: null,
        rank_to: null,
        value_yen: 1000,
        game_global_id: tour.id,
        season_id: SEASON,
        order: k + 1,
      }),
    ]),
  );
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  resetClock();
});

async function register(user: string) {
  await registerPlayer(user, { copyNextRound: true });
  expect((await call('PUT', '/api/user/save-receipt', { as: user, body: { email: true } })).status).toBe(200);
  const reminders = await call('PUT', '/api/user/reminders', {
    as: user,
    body: { email: true, line: false, hours_before: [2] },
  });
  expect(reminders.status, JSON.stringify(reminders.body)).toBe(200);
}

describe('a season of three tournaments lived through with the game clock', () => {
  it('keeps every finished tournament, every frozen team and every yearly point, and mails once', async () => {
    await register('sr-a');
    await register('sr-b');
    await register('sr-c');
    const entered: string[] = ['sr-a', 'sr-b', 'sr-c'];

    for (let k = 0; k < 3; k++) {
      const tour = season[k]!;
      for (let round = 1; round <= 4; round++) {
        const label = `tournament ${k + 1} round ${round}`;
        // Three hours before the deadline: reminders go out, players pick.
        await moveClockTo(new Date(deadlineOf(k, round) - 3 * hour));
        if (k === 1 && round === 2) {
          // A late registration: a new player's first team is round 2 of the second tournament.
          await register('sr-d');
          entered.push('sr-d');
        }
        // sr-a picks, then changes a golfer; sr-b keeps his team; sr-c saves round 1 only (copied after).
        expect((await save('sr-a', k, round, teamOf(k, [1, 2, 9, 10]))).status, label).toBe(200);
        expect((await save('sr-a', k, round, teamOf(k, [1, 2, 3, 4]))).status, label).toBe(200);
        expect((await save('sr-b', k, round, teamOf(k, [5, 6, 7, 8]))).status, label).toBe(200);
        if (round === 1) expect((await save('sr-c', k, round, teamOf(k, [2, 4, 6, 8]))).status).toBe(200);
        if (entered.includes('sr-d'))
          expect((await save('sr-d', k, round, teamOf(k, [3, 5, 7, 9]))).status, label).toBe(200);

        if (k === 0 && round === 2) await withdraw(k, tour.playerIds[3]!); // on sr-a's and sr-c's teams
        if (k === 2 && round === 1) {
          // A withdrawal and at once a deadline forced into the past: the call settles the round.
          await withdraw(k, tour.playerIds[5]!); // on sr-b's team
          const forced = await ops('/api/golf/ops/round/deadline', {
            game_global_id: tour.id,
            round,
            deadline_at: iso(nowMs() - 60_000),
            reason: '進行の都合',
            force: true,
          });
          expect(forced.status, JSON.stringify(forced.body)).toBe(200);
          await checkViewsSettled(k, round, entered);
        }

        // A quarter of an hour before: the receipts of the quiet teams go out. Then the deadline passes.
        await moveClockTo(new Date(deadlineOf(k, round) - 15 * 60_000));
        // The deadline passes and no job has run yet: the views already show the settled teams.
        setClockTo(new Date(Math.max(deadlineOf(k, round), nowMs()) + 30_000));
        await checkViewsSettled(k, round, entered);
        await moveClockTo(new Date(Math.max(deadlineOf(k, round), nowMs()) + 60_000));
        const late = await save('sr-b', k, round, teamOf(k, [9, 10, 11, 12]));
        expect(late.status, `${label}: a save after the deadline`).toBe(409);
        await checkViewsSettled(k, round, entered);
        await freeze(k, round);

        if (k === 1 && round === 1) await withdraw(k, tour.playerIds[6]!); // after the deadline: a penalty
        if (k === 2 && round === 4) {
          const cancelled = await ops('/api/golf/ops/round/cancel', {
            game_global_id: tour.id,
            round,
            reason: '荒天のため',
          });
          expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
        } else {
          const dq = k === 0 && round === 3 ? tour.playerIds[9] : undefined;
          await importResults(k, round, dq);
          if (dq) outSince.set(dq, nowMs());
          const final = await ops('/api/golf/ops/round/final', { game_global_id: tour.id, round });
          expect(final.status, `${label}: ${JSON.stringify(final.body)}`).toBe(200);
        }
        if (k === 1 && round === 1) {
          // A correction after final: the first pick's score of round 1.
          const { versionOf } = await import('./support/game-fixtures');
          const corrected = await ops('/api/golf/ops/result/correction', {
            game_global_id: tour.id,
            round,
            player_id: tour.playerIds[0],
            base_version: await versionOf(tour.id, tour.playerIds[0]!, round),
            reason: 'スコアの誤記',
            strokes: 80,
            to_par: 8,
          });
          expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
        }
        await moveClockTo(new Date(nowMs() + 6 * hour));
        await publishRankingsNow(tour.id, stack.url);
        await checkInvariants(label);
      }

      // The tournament is over: prizes drawn, its standings and winners kept for the season.
      const drawn = await ops('/api/golf/ops/prizes/draw', {
        game_global_id: tour.id,
        accept_fewer: true,
      });
      expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
      const standings = await standingsOf(tour.id);
      expect(standings.length).toBeGreaterThan(0);
      finished.set(tour.id, { standings, winners: await winnersOf(tour.id) });

      // Yearly points are the sum of the tournaments' points, for every player.
      let anyPoints = 0;
      for (const user of entered) {
        const history = await call<SeasonHistory>('GET', `/api/golf/schedule/score/season?year=${SEASON}`, {
          as: user,
        });
        expect(history.status).toBe(200);
        const sum = history.body.tournaments.reduce((total, t) => total + (t.points ?? 0), 0);
        const own = await call<OwnRankingResponse>('GET', '/api/golf/ranking/yearly_personal', { as: user });
        expect(own.status).toBe(200);
        const points = own.body.rankings.find((row) => row.user_id === user)?.value ?? 0;
        expect(points, `${user} after tournament ${k + 1}`).toBe(sum);
        anyPoints += points;
      }
      expect(anyPoints).toBeGreaterThan(0);
      await checkInvariants(`after tournament ${k + 1}`);
    }
    expect(finished.size).toBe(3);
    expect(frozen.size).toBeGreaterThanOrEqual(3 * 4 * 3);
    // Receipts and reminders did go out (once each, as checkInvariants says).
    const { listOutbox } = await import('../../functions/src/adapters/mail');
    const subjects = (await listOutbox()).map((m) => m.subject);
    expect(subjects.some((subject) => subject.includes('締め切り'))).toBe(true);
    expect(subjects.some((subject) => subject.includes('保存しました'))).toBe(true);
    expect(subjects.length).toBeGreaterThan(entered.length);
    expect(users.every((user) => entered.includes(user))).toBe(true);
  }, 300_000);
});

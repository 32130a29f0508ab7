/**
 * Actions that touch the same thing at once (two operators, a double tap, a retry beside a slow
 * answer, a job beside a player) are decided inside one conditional write. Each pair runs at least
 * 20 times against the local stack (tests/api/support/race.ts), each trial on fresh state (a new
 * user, guild or deadline, or a shared tournament set up again), and the stored state is read back
 * afterwards: every answer is a success or a clean refusal, never a 500, and whatever order won, the
 * stored state is one the rules allow. The prize draws' pairs are in concurrency-prizes.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FieldEntryRecord, TournamentRecord } from '../../shared/src/schedule/tournament-record';
import { SETTLEMENT_GRACE_MS } from '../../shared/src/game/carry-over';
import { roundViewSchema, savedTeamSchema } from '../../shared/src/schemas/game';
import { opsAuditLogSchema, opsRoundResultsSchema } from '../../shared/src/schemas/ops';
import { wonPrizeListSchema } from '../../shared/src/schemas/prize';
import { rankingPageResponseSchema } from '../../shared/src/schemas/ranking';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll } from '../../functions/src/db/batch-get';
import { batchWriteAll } from '../../functions/src/db/batch-write';
import { db, tableName } from '../../functions/src/db/client';
import { keys, SAVE_SHARDS } from '../../functions/src/db/keys';
import { gateMark } from '../../functions/src/db/repositories/round-gate-repository';
import type { PrizeWinRecord } from '../../functions/src/db/repositories/prize-draw-repository';
import { guildRepository } from '../../functions/src/db/repositories/guild-repository';
import { prizeItem } from '../../functions/src/db/repositories/prize-repository';
import { teamItem, teamRepository } from '../../functions/src/db/repositories/team-repository';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { runCarryOver } from '../../functions/src/domain/game/carry-over-service';
import { saveTeam } from '../../functions/src/domain/game/team-service';
import { loadRoundContext, resolveTournament } from '../../functions/src/domain/game/tournament-context';
import { resetConfig } from '../../functions/src/lib/config';
import { AppError } from '../../functions/src/lib/errors';
import { setClockTo } from '../../functions/src/lib/clock';
import type { Stack } from '../../scripts/local-stack/stack';
import { api, tokenFor, type ApiResult } from './support/api';
import { passDeadline, resetClock } from './support/clock';
import { gameFixture, openFixture, team, versionOf, writeFixture } from './support/game-fixtures';
import { guildUserId, guildWithMembers, memberList, myGuild } from './support/guilds';
import { registerPlayer, startOwnStack } from './support/own-stack';
import { expectClean, race, statusesOf, type ErrorBody } from './support/race';
import { publishRankingsNow } from './support/rankings';
import { roundScores } from './support/team-scores';

/** Twenty trials of a pair take 10-30 s on a quiet machine; a loaded one gets four times that. */
const RACE_TIMEOUT_MS = 120_000;

/** How many times each pair runs. */
const TRIALS = 20;
/**
 * Lanes of trials that share a tournament (set up again for each trial): each lane has its own, its
 * trials run one after another, and the lanes side by side.
 */
const LANES = 4;
const perLane = <T>(make: (lane: number) => Promise<T>): Promise<T[]> =>
  Promise.all(Array.from({ length: LANES }, (_, lane) => make(lane)));
const run = Date.now().toString(36);
const hour = 3600_000;
let operator: string;

beforeAll(async () => {
  operator = await tokenFor(`conc-operator-${run}`, ['operators']);
});

const asOperator = (path: string, body: unknown) => api<ErrorBody>('POST', path, { token: operator, body });

describe('claim/claim', { timeout: RACE_TIMEOUT_MS }, () => {
  const fixture = gameFixture(`conc-claims-${run}`);
  const prizeId = `conc-claim-${run}`;

  beforeAll(async () => {
    await writeFixture(fixture);
    await batchWriteAll([
      prizeItem({
        id: prizeId,
        kind: 'entry',
        name: '同時申し込み賞（テスト）',
        description: '',
        image_url: '',
        value_yen: 1000,
        winners_count: 3 * TRIALS,
        rank_from: null,
        rank_to: null,
        game_global_id: fixture.id,
        season_id: 2099,
        order: 997,
      }),
    ]);
  });

  const drawnAt = new Date(Date.now() - 24 * hour).toISOString();

  /**
   * A fresh winner of the prize, drawn a day ago, with the address the claim sends: the win item,
   * and the prize's draw item naming them (a win counts only while its draw names it).
   */
  async function winner(tag: string) {
    const userId = `conc-claimer-${run}-${tag}`;
    await batchWriteAll([
      {
        ...keys.prizeWin(userId, prizeId),
        entity: 'prize_win',
        ...({
          user_id: userId,
          prize_id: prizeId,
          kind: 'entry',
          won_at: drawnAt,
          claim_email: null,
          claimed_at: null,
        } satisfies PrizeWinRecord),
      },
    ]);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.prizeDraw(prizeId),
        UpdateExpression:
          'SET entity = :entity, prize_id = :prize, game_global_id = :game, seed = :seed, drawn_at = :at, ' +
          'drawn_by = :by, winners = list_append(if_not_exists(winners, :none), :winner)',
        ExpressionAttributeValues: {
          ':entity': 'prize_draw',
          ':prize': prizeId,
          ':game': fixture.id,
          ':seed': 'conc-claims',
          ':at': drawnAt,
          ':by': 'conc-operator',
          ':none': [],
          ':winner': [userId],
        },
      }),
    );
    return { email: `conc-claim-${run}-${tag}@example.com`, token: await tokenFor(userId) };
  }
  type Winner = Awaited<ReturnType<typeof winner>>;

  const claim = (who: Winner) =>
    api('POST', '/api/golf/user_golf_game_prize', {
      token: who.token,
      body: { id: prizeId, email: who.email, email_confirmation: who.email },
    });
  const storedClaim = async (who: Winner) =>
    wonPrizeListSchema
      .parse((await api('GET', '/api/golf/user_golf_game_prize', { token: who.token })).body)
      .prizes.find((p) => p.prize.id === prizeId)?.claim;
  /** How many claim mails each address got: the outbox read once, after all the trials. */
  const claimMails = async () => {
    const outbox = await api<{ messages?: Array<{ to: string; subject: string }> }>('GET', '/api/dev/outbox');
    const counts = new Map<string, number>();
    for (const mail of outbox.body.messages ?? [])
      if (mail.subject.includes('賞品の受け取り手続き')) counts.set(mail.to, (counts.get(mail.to) ?? 0) + 1);
    return counts;
  };

  it('a double tap stores one claim and sends one mail: one 201, the other refused as already claimed', async () => {
    const winners: Winner[] = [];
    await race({
      times: TRIALS,
      lanes: TRIALS,
      setup: (trial) => winner(`tap${trial}`),
      actions: [claim, claim],
      check: async ({ state: who, results, trial }) => {
        expect(statusesOf(results), `trial ${trial}`).toEqual([201, 409]);
        expect(results.find((r) => r.status === 409)!.body.code).toBe('prize_already_claimed');
        const accepted = results.find((r) => r.status === 201)!.body as unknown as { claimed_at: string };
        expect(await storedClaim(who)).toEqual({ email: who.email, claimed_at: accepted.claimed_at });
        winners.push(who);
      },
    });
    const mails = await claimMails();
    for (const who of winners) expect(mails.get(who.email), who.email).toBe(1);
  });

  it('two winners of the same prize claiming at once both get their claim and their mail', async () => {
    const winners: Winner[] = [];
    await race({
      times: TRIALS,
      lanes: TRIALS,
      setup: async (trial) => [await winner(`pair${trial}a`), await winner(`pair${trial}b`)] as const,
      actions: [([a]) => claim(a), ([, b]) => claim(b)],
      check: async ({ state, results, trial }) => {
        expect(statusesOf(results), `trial ${trial}`).toEqual([201, 201]);
        for (const who of state) {
          expect((await storedClaim(who))?.email).toBe(who.email);
          winners.push(who);
        }
      },
    });
    const mails = await claimMails();
    for (const who of winners) expect(mails.get(who.email), who.email).toBe(1);
  });
});

/** A round's result row: `toPar` over 72, 18 holes played. */
const resultRow = (toPar: number) => ({
  strokes: 72 + toPar,
  to_par: toPar,
  birdies: Math.max(0, -toPar),
  eagles: 0,
  bogeys: Math.max(0, toPar),
  thru: 18,
  completed: true,
});

/**
 * A tournament whose rounds 1-2 are final and round 3 played (its deadline passed, its results
 * provisional), round 4 still open; one user has a team in rounds 1-3.
 */
async function playedRound3(id: string) {
  const fixture = gameFixture(id);
  const now = Date.now();
  fixture.record.rounds[2] = {
    ...fixture.record.rounds[2]!,
    deadline_at: new Date(now - 3 * hour).toISOString(),
    results: 'provisional',
    settled_at: new Date(now - 3 * hour).toISOString(),
  };
  fixture.field.forEach((entry, index) => {
    if (entry.status === 'active') entry.rounds[2] = resultRow(index - 3);
  });
  const user = `${id}-user`;
  const picks = fixture.playerIds.slice(0, 4);
  await writeFixture(
    fixture,
    [1, 2, 3].map((round) => team(id, round, user, picks)),
  );
  return { id, playerIds: fixture.playerIds };
}

const roundResults = async (gid: string, round: number) =>
  opsRoundResultsSchema.parse(
    (
      await api('GET', `/api/golf/ops/round/results?game_global_id=${gid}&round=${round}`, {
        token: operator,
      })
    ).body,
  );
const strokesOf = async (gid: string, round: number, playerId: string) =>
  (await roundResults(gid, round)).players.find((p) => p.player_id === playerId)?.strokes;
const auditLog = async (gid: string) =>
  opsAuditLogSchema.parse(
    (await api('GET', `/api/golf/ops/audit?game_global_id=${gid}`, { token: operator })).body,
  ).entries;
const auditActions = async (gid: string, since: ReadonlySet<string> = new Set()) =>
  (await auditLog(gid))
    .filter((entry) => !since.has(entry.id))
    .map((entry) => `${entry.action}:${entry.round}`)
    .sort();
const auditIds = async (gid: string) => new Set((await auditLog(gid)).map((entry) => entry.id));

/**
 * The round's personal SCORE ranking as the job published it agrees with the results stored now:
 * each user's value is the sum of his team's scores of rounds 1 to `round`.
 */
async function expectRankingAgrees(gid: string, round: number) {
  await publishRankingsNow(gid);
  const served = rankingPageResponseSchema.parse(
    (await api('GET', `/api/golf/ranking?game_global_id=${gid}&round=${round}&type=1`)).body,
  );
  const totals = new Map<string, number>();
  for (let r = 1; r <= round; r++)
    for (const score of await roundScores(gid, r))
      totals.set(score.user_id, (totals.get(score.user_id) ?? 0) + (score.score ?? 0));
  expect(
    served.rankings.map((row) => [row.user_id, row.value]),
    `${gid} round ${round}`,
  ).toEqual([...totals]);
}

describe('finalize/correct', { timeout: RACE_TIMEOUT_MS }, () => {
  /** Round 3 back to provisional, as a fresh trial needs it; the audit entries so far. */
  async function unfinal(id: string) {
    const record = (await tournamentRepository.get(id))!;
    const rounds = record.rounds.map((r) =>
      r.round === 3 ? { ...r, results: 'provisional' } : r,
    ) as TournamentRecord['rounds'];
    await tournamentRepository.put({ ...record, rounds });
    return auditIds(id);
  }
  const markFinal = (id: string) =>
    asOperator('/api/golf/ops/round/final', { game_global_id: id, round: 3, force: true });
  const correct = (id: string, round: number, playerId: string, baseVersion: string, strokes: number) =>
    asOperator('/api/golf/ops/result/correction', {
      game_global_id: id,
      round,
      player_id: playerId,
      base_version: baseVersion,
      strokes,
      reason: 'スコアカードの誤記',
    });

  /**
   * Marks round 3 final while an operator corrects a result of `round` (player `playerIndex`), on
   * tournaments of their own per lane; `check` reads what was stored after each trial.
   */
  async function finalBesideCorrection(
    tag: string,
    round: number,
    playerIndex: number,
    check: (
      trial: number,
      stored: {
        id: string;
        playerId: string;
        before: ReadonlySet<string>;
        strokes: number | null | undefined;
      },
      mark: ApiResult<ErrorBody>,
      correction: ApiResult<ErrorBody>,
    ) => Promise<void>,
  ) {
    const tournaments = await perLane((lane) => playedRound3(`conc-${tag}-${run}-${lane}`));
    await race({
      times: TRIALS,
      lanes: LANES,
      setup: async (trial) => {
        const { id, playerIds } = tournaments[trial % LANES]!;
        const playerId = playerIds[playerIndex]!;
        return {
          id,
          playerId,
          before: await unfinal(id),
          strokes: await strokesOf(id, round, playerId),
          // The version the correction form was opened with.
          baseVersion: await versionOf(id, playerId, round),
        };
      },
      actions: [
        ({ id }) => markFinal(id),
        ({ id, playerId, baseVersion }, trial) => correct(id, round, playerId, baseVersion, 50 + trial),
      ],
      check: ({ state, results: [mark, correction], trial }) => check(trial, state, mark!, correction!),
    });
    return tournaments;
  }

  it('marking round 3 final while one of its results is corrected: final once, the correction stored exactly when it was accepted', async () => {
    const tournaments = await finalBesideCorrection(
      'final-same',
      3,
      0,
      async (trial, { id, playerId, before, strokes }, mark, correction) => {
        expect(mark.status, `trial ${trial}`).toBe(200);
        expect([200, 409], `trial ${trial}`).toContain(correction.status);
        expect((await roundResults(id, 3)).results).toBe('final');
        const accepted = correction.status === 200;
        expect(await strokesOf(id, 3, playerId)).toBe(accepted ? 50 + trial : strokes);
        expect(await auditActions(id, before)).toEqual(
          accepted ? ['correct_result:3', 'mark_final:3'] : ['mark_final:3'],
        );
      },
    );
    await Promise.all(tournaments.map(({ id }) => expectRankingAgrees(id, 3)));
  });

  it('marking round 3 final while a round 2 result is corrected: both stored, both audited', async () => {
    const tournaments = await finalBesideCorrection(
      'final-other',
      2,
      1,
      async (trial, { id, playerId, before }, mark, correction) => {
        expect([mark.status, correction.status], `trial ${trial}`).toEqual([200, 200]);
        expect((await roundResults(id, 3)).results, `trial ${trial}`).toBe('final');
        expect(await strokesOf(id, 2, playerId)).toBe(50 + trial);
        expect(await auditActions(id, before)).toEqual(['correct_result:2', 'mark_final:3']);
      },
    );
    await Promise.all(
      tournaments.flatMap(({ id }) => [expectRankingAgrees(id, 2), expectRankingAgrees(id, 3)]),
    );
  });

  it('a correction no longer undoes a round marked final while it ran', async () => {
    const { id, playerIds } = await playedRound3(`conc-final-undone-${run}`);
    const { correctFinalResult, markRoundFinal } =
      await import('../../functions/src/domain/game/operator-service');
    const playerId = playerIds[1]!;
    const baseVersion = await versionOf(id, playerId, 2);
    const field = tournamentRepository.field.bind(tournamentRepository);
    // Another operator marks round 3 final right after the correction read the tournament.
    const spy = vi.spyOn(tournamentRepository, 'field').mockImplementationOnce(async (gid) => {
      await markRoundFinal({
        gameGlobalId: id,
        round: 3,
        operatorId: 'conc-other',
        now: new Date(),
        force: true,
      });
      return field(gid);
    });
    try {
      await correctFinalResult({
        gameGlobalId: id,
        round: 2,
        operatorId: 'conc-operator',
        now: new Date(),
        playerId,
        baseVersion,
        changes: { strokes: 64 },
        reason: 'スコアカードの誤記',
      });
    } finally {
      spy.mockRestore();
    }
    expect((await roundResults(id, 3)).results).toBe('final');
    expect((await roundResults(id, 2)).players.find((p) => p.player_id === playerId)?.strokes).toBe(64);
    expect(await auditActions(id)).toEqual(['correct_result:2', 'mark_final:3']);
  });

  it('two corrections of the same row from the same version: one stored, the other refused as stale', async () => {
    const tournaments = await perLane((lane) => playedRound3(`conc-correct-${run}-${lane}`));
    const strokes = (trial: number, which: number) => 40 + 2 * trial + which;
    await race({
      times: TRIALS,
      lanes: LANES,
      setup: async (trial) => {
        const { id, playerIds } = tournaments[trial % LANES]!;
        const playerId = playerIds[2]!;
        return { id, playerId, before: await auditIds(id), baseVersion: await versionOf(id, playerId, 2) };
      },
      actions: [0, 1].map(
        (which) =>
          (
            { id, playerId, baseVersion }: { id: string; playerId: string; baseVersion: string },
            trial: number,
          ) =>
            correct(id, 2, playerId, baseVersion, strokes(trial, which)),
      ),
      check: async ({ state, results, trial }) => {
        const { id, playerId } = state;
        expect(statusesOf(results), `trial ${trial}`).toEqual([200, 409]);
        const won = results.findIndex((r) => r.status === 200);
        expect(await strokesOf(id, 2, playerId)).toBe(strokes(trial, won));
        expect(await auditActions(id, state.before)).toEqual(['correct_result:2']);
      },
    });
  });
});

describe('import/import', { timeout: RACE_TIMEOUT_MS }, () => {
  /** A tournament whose rounds 1-2 are final and rounds 3-4 played (both deadlines passed). */
  async function awaitingResults(id: string) {
    const fixture = gameFixture(id);
    const now = Date.now();
    fixture.record.rounds[2] = {
      ...fixture.record.rounds[2]!,
      deadline_at: new Date(now - 3 * hour).toISOString(),
    };
    fixture.record.rounds[3] = {
      ...fixture.record.rounds[3]!,
      deadline_at: new Date(now - hour).toISOString(),
    };
    await writeFixture(fixture);
    return fixture;
  }
  type Fixture = Awaited<ReturnType<typeof awaitingResults>>;

  const active = (fixture: Fixture) => fixture.field.filter((entry) => entry.status === 'active');
  /** A results file of one round for every active player: to par `shift + index`. */
  const resultsFile = (fixture: Fixture, round: number, shift: number) =>
    [
      'game_global_id,round,player_id,strokes,to_par,thru,birdies,eagles,bogeys,status',
      ...active(fixture).map((entry, index) => {
        const row = resultRow(shift + index);
        return [
          fixture.id,
          round,
          entry.player_id,
          row.strokes,
          row.to_par,
          18,
          row.birdies,
          0,
          row.bogeys,
          'active',
        ].join(',');
      }),
    ].join('\n');
  const importFile = (content: string) => asOperator('/api/golf/ops/results', { format: 'csv', content });
  const storedStrokes = async (gid: string, round: number) =>
    (await roundResults(gid, round)).players.filter((p) => p.status === 'active').map((p) => p.strokes);
  const expectedStrokes = (fixture: Fixture, shift: number) =>
    active(fixture).map((_, index) => 72 + shift + index);

  /**
   * Two imports sent at once (`send(fixture, trial, which)`, which 0 and 1) on tournaments of their
   * own per lane: each answer a success or the other one's lease; `check` reads what was stored,
   * given what `before` read at the trial's start.
   */
  async function importsAtOnce<B>(
    tag: string,
    send: (fixture: Fixture, trial: number, which: number) => Promise<ApiResult<unknown>>,
    before: (fixture: Fixture) => Promise<B>,
    check: (
      trial: number,
      fixture: Fixture,
      before: B,
      results: Array<ApiResult<ErrorBody>>,
    ) => Promise<void>,
  ) {
    const fixtures = await perLane((lane) => awaitingResults(`conc-${tag}-${run}-${lane}`));
    await race({
      times: TRIALS,
      lanes: LANES,
      setup: async (trial) => {
        const fixture = fixtures[trial % LANES]!;
        return { fixture, before: await before(fixture) };
      },
      actions: [0, 1].map(
        (which) =>
          ({ fixture }: { fixture: Fixture }, trial: number) =>
            send(fixture, trial, which),
      ),
      check: async ({ state, results, trial }) => {
        for (const result of results)
          if (result.status !== 200) expect(result.body.code, `trial ${trial}`).toBe('conflict');
        await check(trial, state.fixture, state.before, results);
      },
    });
    return fixtures;
  }
  const nothing = async () => null;

  it('two different files of the same round: one file stored whole, never a mix of both', async () => {
    const shifts = (trial: number) => [-2 - trial, 5 + trial];
    const fixtures = await importsAtOnce(
      'import',
      (fixture, trial, which) => importFile(resultsFile(fixture, 3, shifts(trial)[which]!)),
      nothing,
      async (trial, fixture, _, results) => {
        const stored = await storedStrokes(fixture.id, 3);
        const written = results.flatMap((r, which) =>
          r.status === 200 ? [expectedStrokes(fixture, shifts(trial)[which]!)] : [],
        );
        expect(written.length, `trial ${trial}`).toBeGreaterThan(0);
        expect(written, `trial ${trial}`).toContainEqual(stored);
      },
    );
    for (const fixture of fixtures) expect((await roundResults(fixture.id, 3)).results).toBe('provisional');
  });

  // The same import sent twice (a double click, a retry beside a slow answer) may run twice, as its
  // lease is its own (docs/adr/0015-one-import-at-a-time.md): it writes the same rows, and each
  // import that changed them is audited.
  it('the same file twice at once: stored whole, each answer done or refused', async () => {
    await importsAtOnce(
      'import-same',
      (fixture, trial) => importFile(resultsFile(fixture, 3, trial)),
      (fixture) => auditIds(fixture.id),
      async (trial, fixture, before, results) => {
        expect(await storedStrokes(fixture.id, 3), `trial ${trial}`).toEqual(expectedStrokes(fixture, trial));
        const audits = await auditActions(fixture.id, before);
        expect(new Set(audits)).toEqual(new Set(['import_results:3']));
        expect(audits.length).toBeLessThanOrEqual(results.filter((result) => result.status === 200).length);
      },
    );
  });

  it('files of rounds 3 and 4 at once: each round stored whole when its file was taken, else left as it was', async () => {
    const rounds = [3, 4];
    await importsAtOnce(
      'import-rounds',
      (fixture, trial, which) => importFile(resultsFile(fixture, rounds[which]!, trial + rounds[which]!)),
      (fixture) => Promise.all(rounds.map((round) => storedStrokes(fixture.id, round))),
      async (trial, fixture, before, results) => {
        for (const [which, round] of rounds.entries())
          expect(await storedStrokes(fixture.id, round), `trial ${trial} round ${round}`).toEqual(
            results[which]!.status === 200 ? expectedStrokes(fixture, trial + round) : before[which],
          );
      },
    );
  });

  it('an import started while another import of the tournament runs is refused, and no round is lost', async () => {
    const fixture = await awaitingResults(`conc-import-lost-${run}`);
    const { importResults } = await import('../../functions/src/domain/game/import-service');
    const field = tournamentRepository.field.bind(tournamentRepository);
    let second: unknown;
    // Another operator's file of round 4 comes in right after this import of round 3 read the field.
    const spy = vi.spyOn(tournamentRepository, 'field').mockImplementationOnce(async (gid) => {
      const read = await field(gid);
      second = await importResults('csv', resultsFile(fixture, 4, 2), new Date(), false, 'conc-other').catch(
        (error: unknown) => error,
      );
      return read;
    });
    try {
      await importResults('csv', resultsFile(fixture, 3, -1), new Date(), false, 'conc-operator');
    } finally {
      spy.mockRestore();
    }
    expect(second).toMatchObject({ statusCode: 409, code: 'conflict' });
    expect(await storedStrokes(fixture.id, 3)).toEqual(expectedStrokes(fixture, -1));
    // The refused file, sent again, is stored beside the first.
    expect((await importFile(resultsFile(fixture, 4, 2))).status).toBe(200);
    expect(await storedStrokes(fixture.id, 3)).toEqual(expectedStrokes(fixture, -1));
    expect(await storedStrokes(fixture.id, 4)).toEqual(expectedStrokes(fixture, 2));
  });

  it('two field files of the same tournament at once: one file stored whole', async () => {
    const fieldFile = (fixture: Fixture, suffix: string) =>
      [
        'player_id,name,name_kana,country,world_rank,is_amateur',
        ...fixture.field.map((entry: FieldEntryRecord) =>
          [
            entry.player_id,
            `${entry.name}-${suffix}`,
            entry.name_kana,
            entry.country,
            entry.world_rank,
            'false',
          ].join(','),
        ),
      ].join('\n');
    const suffixes = (trial: number) => [`A${trial}`, `B${trial}`];
    await importsAtOnce(
      'field',
      (fixture, trial, which) =>
        asOperator('/api/golf/ops/tournament/field', {
          game_global_id: fixture.id,
          format: 'csv',
          content: fieldFile(fixture, suffixes(trial)[which]!),
        }),
      nothing,
      async (trial, fixture, _, results) => {
        const names = (await roundResults(fixture.id, 1)).players.map((p) => p.name);
        const stored = [...new Set(names.map((name) => name.split('-').at(-1)))];
        const taken = suffixes(trial).filter((_, which) => results[which]!.status === 200);
        expect(stored, `trial ${trial}: ${names.join(' ')}`).toHaveLength(1);
        expect(taken, `trial ${trial}`).toContain(stored[0]);
      },
    );
  });
});

describe('join/leave guild', { timeout: RACE_TIMEOUT_MS }, () => {
  const join = (token: string, guildId: string) => api('POST', `/api/golf/guild/${guildId}/join`, { token });
  const leave = (token: string, guildId: string) =>
    api('POST', `/api/golf/guild/${guildId}/leave`, { token });

  /** The guild's count equals its member list, within the limit: its members. */
  async function members(ownerToken: string, guildId: string) {
    const list = await memberList(ownerToken, guildId);
    expect(list.number_of_member).toBe(list.members.length);
    expect(list.members.length).toBeLessThanOrEqual(50);
    return list.members.map((m) => m.user_id);
  }

  /** A guild of 5 and a user, a member of it or not. */
  const guildAndUser = async (tag: string, member: boolean) => {
    const guild = await guildWithMembers(tag, 5);
    const userId = member ? guildUserId(tag, 4) : guildUserId(`${tag}-new`, 0);
    // The guild's members besides the user.
    return { ...guild, userId, others: member ? 4 : 5, token: await tokenFor(userId) };
  };
  type GuildAndUser = Awaited<ReturnType<typeof guildAndUser>>;

  /** The user is in the guild, and in no other, exactly when `inside`; the count follows. */
  async function expectMembership(state: GuildAndUser, inside: boolean, trial: number) {
    const list = await members(state.ownerToken, state.guildId);
    expect(list.includes(state.userId), `trial ${trial}`).toBe(inside);
    expect(list).toHaveLength(state.others + (inside ? 1 : 0));
    expect((await myGuild(state.token))?.guild_id ?? null, `trial ${trial}`).toBe(
      inside ? state.guildId : null,
    );
  }

  /**
   * The user's memberships of the guild as the rankings read them (docs/game-rules.md, ギルドランキング):
   * `ended` past ones, each written by the one leave or kick that ended it, and an open one or not.
   */
  async function expectHistory(state: GuildAndUser, ended: number, open: boolean, trial: number) {
    const periods = (await guildRepository.membershipsOf([state.userId])).get(state.userId) ?? [];
    expect(
      periods.map((period) => [period.guild_id, period.left_at === null]),
      `trial ${trial}`,
    ).toEqual([
      ...Array.from({ length: ended }, () => [state.guildId, false]),
      ...(open ? [[state.guildId, true]] : []),
    ]);
  }

  /** A user joins and leaves a guild of 5 at once, a member of it before (`member`) or not. */
  const joinBesideLeave = (
    tag: string,
    member: boolean,
    check: (
      state: GuildAndUser,
      joined: ApiResult<ErrorBody>,
      left: ApiResult<ErrorBody>,
      trial: number,
    ) => Promise<void>,
  ) =>
    race({
      times: TRIALS,
      lanes: TRIALS,
      setup: (trial) => guildAndUser(`${tag}${trial}`, member),
      actions: [({ token, guildId }) => join(token, guildId), ({ token, guildId }) => leave(token, guildId)],
      check: ({ state, results: [joined, left], trial }) => check(state, joined!, left!, trial),
    });

  it('a member leaving and joining again at once ends in or out as the answers say, the count equal to the list', async () => {
    await joinBesideLeave('cl', true, async (state, joined, left, trial) => {
      expect(left.status, `trial ${trial}`).toBe(200);
      // Refused while still a member. The refusal's text is chosen by reading the membership after
      // the write, so a leave landing in between answers the other guild's text.
      if (joined.status !== 200)
        expect(['already_guild_member', 'already_in_guild']).toContain(joined.body.code);
      await expectMembership(state, joined.status === 200, trial);
      await expectHistory(state, 1, joined.status === 200, trial);
    });
  });

  it('a newcomer joining and leaving at once ends in or out as the answers say, the count equal to the list', async () => {
    await joinBesideLeave('cn', false, async (state, joined, left, trial) => {
      expect(joined.status, `trial ${trial}`).toBe(200);
      await expectMembership(state, left.status !== 200, trial);
      await expectHistory(state, left.status === 200 ? 1 : 0, left.status !== 200, trial);
    });
  });

  it('a member leaving while the owner kicks him: one of them ends his membership, recorded once', async () => {
    await race({
      times: TRIALS,
      lanes: TRIALS,
      setup: (trial) => guildAndUser(`ck${trial}`, true),
      actions: [
        ({ token, guildId }) => leave(token, guildId),
        ({ ownerToken, guildId, userId }) =>
          api('POST', `/api/golf/guild/${guildId}/member/${userId}/kick`, { token: ownerToken }),
      ],
      check: async ({ state, results, trial }) => {
        expect(
          results.filter((result) => result.status === 200),
          `trial ${trial}`,
        ).toHaveLength(1);
        await expectMembership(state, false, trial);
        await expectHistory(state, 1, false, trial);
      },
    });
  });

  it('two users taking the last seat at once: one gets it, the other is refused as full', async () => {
    await race({
      times: TRIALS,
      lanes: TRIALS,
      setup: async (trial) => {
        const guild = await guildWithMembers(`cs${trial}`, 49);
        return {
          ...guild,
          tokens: await Promise.all([0, 1].map((n) => tokenFor(guildUserId(`cs${trial}-new`, n)))),
        };
      },
      actions: [0, 1].map(
        (n) =>
          ({ tokens, guildId }: { tokens: string[]; guildId: string }) =>
            join(tokens[n]!, guildId),
      ),
      check: async ({ state, results, trial }) => {
        expect(statusesOf(results), `trial ${trial}`).toEqual([200, 409]);
        const refused = results.findIndex((r) => r.status === 409);
        expect(results[refused]!.body.code).toBe('guild_full');
        expect(await members(state.ownerToken, state.guildId)).toHaveLength(50);
        expect(await myGuild(state.tokens[refused]!)).toBeNull();
      },
    });
  });

  it('a user joining two guilds at once is in exactly one', async () => {
    await race({
      times: TRIALS,
      lanes: TRIALS,
      setup: async (trial) => ({
        guilds: [await guildWithMembers(`ca${trial}`, 3), await guildWithMembers(`cb${trial}`, 3)],
        token: await tokenFor(guildUserId(`c2-${trial}`, 0)),
      }),
      actions: [0, 1].map(
        (n) =>
          ({ guilds, token }: { guilds: Array<{ guildId: string }>; token: string }) =>
            join(token, guilds[n]!.guildId),
      ),
      check: async ({ state, results, trial }) => {
        expect(statusesOf(results), `trial ${trial}`).toEqual([200, 409]);
        expect(results.find((r) => r.status === 409)!.body).toMatchObject({
          code: 'already_in_guild',
          message: 'すでに他のギルドに参加しています。',
        });
        const joined = results.findIndex((r) => r.status === 200);
        const counts = await Promise.all(
          state.guilds.map(async (g) => (await members(g.ownerToken, g.guildId)).length),
        );
        expect(counts).toEqual(joined === 0 ? [4, 3] : [3, 4]);
        expect((await myGuild(state.token))?.guild_id).toBe(state.guilds[joined]!.guildId);
      },
    });
  });
});

/**
 * An operator withdraws a golfer while players save teams that newly pick him, each save checking
 * its own shard of the round's gate, which the withdrawal writes after the field entry. Half the
 * saves go through the API at once, whose instance learns of the withdrawal as it writes it; the
 * other half are sent once the withdrawal writes the gate's shards, served as by another instance whose
 * cached field still shows him in (read just before), so that only their shard of the gate, written
 * or not yet, can refuse them. Every save is refused or stored, a stored one
 * holds him and the settlement at the deadline replaces him, and once the withdrawal has answered
 * every shard refuses him.
 */
describe('save/withdrawal', () => {
  const SAVERS = 6;
  const fixtures = Array.from({ length: TRIALS }, (_, trial) => gameFixture(`conc-wd-${run}-${trial}`));
  const savers = (trial: number) => Array.from({ length: SAVERS }, (_, u) => `conc-wd-${run}-${trial}-${u}`);
  /** `gateWriting`: the one read of the gate's version the trial's other-instance saves wait on. */
  type State = { fixture: (typeof fixtures)[number]; tokens: string[]; gateWriting?: Promise<void> };
  // This process plays the other instance: it keeps its copies of the round as a deployment does.
  beforeAll(() => {
    process.env['ROUND_READ_CACHE_MS'] = '60000';
    resetConfig();
  });
  afterAll(() => {
    process.env['ROUND_READ_CACHE_MS'] = '0';
    resetConfig();
  });
  /** A domain call's outcome as the API would answer it. */
  const answerOf = async (call: Promise<unknown>): Promise<ApiResult<ErrorBody>> => {
    try {
      await call;
      return { status: 200, headers: new Headers(), body: {} as ErrorBody };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { status: error.statusCode, headers: new Headers(), body: error.toBody() };
    }
  };
  /**
   * Reads round 4's gate version until the withdrawal has started writing the gate's shards (the
   * fixture stores version 1, the withdrawal's transaction raises it, and the writing of the shards
   * once more): a save sent then finds its shard written or not yet, by where it lies in the order.
   */
  const untilGateWriting = async (fixture: State['fixture']) => {
    const key = keys.roundGateVersion(fixture.id, 4);
    for (let read = 0; read < 1000; read++) {
      const { Item } = await db().send(
        new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
      );
      if (Number(Item?.['gate_version']) >= 3) return;
    }
  };
  /**
   * A save served by another instance while the withdrawal writes the gate: its domain, in this process,
   * with the field it read before, so that its shard of the gate alone decides.
   */
  const elsewhere = (u: number) => async (state: State, trial: number) => {
    const { fixture } = state;
    state.gateWriting ??= untilGateWriting(fixture);
    await state.gateWriting;
    return answerOf(
      saveTeam({
        userId: savers(trial)[u]!,
        gameGlobalId: fixture.id,
        round: 4,
        now: new Date(),
        playerIds: fixture.playerIds.slice(0, 4),
      }),
    );
  };

  it('saves picking a golfer while he is withdrawn: each refused or stored before the withdrawal reached its shard, and settled without him', async () => {
    const tokens = await Promise.all(
      Array.from({ length: TRIALS }, (_, trial) => Promise.all(savers(trial).map((user) => tokenFor(user)))),
    );
    await race({
      times: TRIALS,
      // One lane: a settlement checked in this process would refresh the other instance's copies.
      setup: async (trial) => {
        const fixture = fixtures[trial]!;
        await writeFixture(fixture);
        // The other instance's copies of the tournament and its field, read before the withdrawal.
        const record = await resolveTournament(fixture.id, new Date(), { cached: true });
        await loadRoundContext(record, 4, { profiles: false, cached: true });
        return { fixture, tokens: tokens[trial]! };
      },
      actions: [
        ({ fixture }: State) =>
          asOperator('/api/golf/ops/player/withdrawal', {
            game_global_id: fixture.id,
            player_id: fixture.playerIds[0],
            reason: '腰痛のため',
          }),
        ...Array.from(
          { length: SAVERS / 2 },
          (_, u) =>
            ({ fixture, tokens }: State) =>
              api<ErrorBody>('PUT', '/api/golf/round/4/team', {
                token: tokens[u]!,
                body: { game_global_id: fixture.id, player_ids: fixture.playerIds.slice(0, 4) },
              }),
        ),
        ...Array.from({ length: SAVERS / 2 }, (_, u) => elsewhere(SAVERS / 2 + u)),
      ],
      check: async ({ trial, state: { fixture }, results: [withdrawal, ...saves] }) => {
        const where = `trial ${trial}`;
        const [withdrawn] = fixture.playerIds;
        expect(withdrawal!.status, where).toBe(200);
        const stored = new Set<string>();
        saves.forEach((answer, u) => {
          if (answer.status === 200) stored.add(savers(trial)[u]!);
          else {
            expect([answer.status, answer.body.message], where).toEqual([
              422,
              '選択できない選手が含まれています。',
            ]);
            // The gate's refusal; through the API also the check before the write, once it shows him withdrawn.
            expect(answer.body.errors, where).toEqual(
              u >= SAVERS / 2 || answer.body.errors?.['player_id']
                ? { player_id: ['この選手は現在選択できません。'] }
                : { 'player_ids.0': ['この選手は棄権したため選択できません。'] },
            );
          }
        });
        // Every shard of the raced round's gate refuses him now; the other rounds' gates, which no
        // save of the race reads, are written alike whatever the order: the first trial reads them.
        const rounds = trial === 0 ? [1, 2, 3, 4] : [4];
        const marks = await batchGetAll(
          rounds.flatMap((round) =>
            Array.from({ length: SAVE_SHARDS }, (_, shard) => keys.roundGate(fixture.id, round, shard)),
          ),
          { consistentRead: true },
        );
        expect(marks, where).toHaveLength(rounds.length * SAVE_SHARDS);
        for (const gate of marks)
          expect((gate['ineligible'] as Set<string>).has(gateMark(withdrawn!)), where).toBe(true);
        const teams = await teamRepository.listRound(fixture.id, 4);
        expect(new Set(teams.map((t) => t.user_id)), where).toEqual(stored);
        for (const t of teams)
          expect(
            t.picks.map((pick) => pick.player_id),
            where,
          ).toContain(withdrawn);
        // The settlement at the deadline sees every stored team and puts someone in his place.
        const deadline = Date.parse(fixture.record.rounds[3]!.deadline_at);
        await runCarryOver({ now: new Date(deadline + 1000), gameGlobalId: fixture.id });
        const settled = await teamRepository.listRound(fixture.id, 4);
        expect(new Set(settled.map((t) => t.user_id)), where).toEqual(stored);
        for (const t of settled) {
          expect(
            t.picks.map((pick) => pick.player_id),
            where,
          ).not.toContain(withdrawn);
          expect(t.picks.find((pick) => pick.slot === 1)?.auto, where).toBe(true);
        }
      },
    });
    // Trials in one lane, each withdrawal writing the 4 rounds' 256 gate shards one by one on DynamoDB Local.
  }, 180_000);
});

/**
 * On a stack of the file's own, whose handlers and game clock run in this process: each trial moves
 * round 2's deadline just ahead of the clock, then players save while the clock crosses the deadline
 * and the jobs run (the carry-over settles the round).
 */
describe('save/deadline', { timeout: RACE_TIMEOUT_MS }, () => {
  const day = 24 * hour;
  const start = Date.parse('2026-09-03T06:00:00+09:00');
  /** Each trial's deadline of round 2, ten minutes after the one before. */
  const deadlineOf = (trial: number) => start + (trial + 1) * 10 * 60_000;
  const fixture = openFixture(`conc-deadline-${run}`, 2026, (round) =>
    round === 2 ? deadlineOf(0) : start + (round - 1.5) * day,
  );
  const { id: gid, playerIds } = fixture;
  const USERS = 2;
  const SAVES = 3;
  let stack: Stack;
  let tokenOf: (sub: string) => Promise<string>;

  beforeAll(async () => {
    ({ stack, token: tokenOf } = await startOwnStack('concurrency', { seed: false, clock: new Date(start) }));
    await writeFixture(fixture);
    // Published: the carry-over settles the current tournament.
    await tournamentRepository.put(fixture.record);
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
    resetClock();
  });

  /** Save k of user u: 4 of the 12 golfers, a different line-up each time. */
  const lineUp = (user: number, save: number) =>
    Array.from({ length: 4 }, (_, slot) => playerIds[(user * 3 + save * 4 + slot) % playerIds.length]!);
  const copied = playerIds.slice(8, 12);

  it('saves racing the deadline and its settlement: accepted ones saved before it, later ones refused, the settled team the last one taken', async () => {
    // Fresh players for every trial who copy their team on.
    const players = await Promise.all(
      Array.from({ length: TRIALS }, async (_, trial) => {
        const users = Array.from({ length: USERS }, (_, u) => `conc-saver-${run}-${trial}-${u}`);
        await Promise.all(users.map((user) => registerPlayer(user, { copyNextRound: true })));
        return { users, tokens: await Promise.all(users.map((user) => tokenOf(user))) };
      }),
    );
    for (let trial = 0; trial < TRIALS; trial++) {
      const deadline = deadlineOf(trial);
      const { users, tokens } = players[trial]!;
      // Each with a round 1 team the settlement would copy (written now: every settlement copies all).
      await batchWriteAll(users.map((user) => teamItem(team(gid, 1, user, copied))));
      const record = (await tournamentRepository.get(gid))!;
      const { settled_at: _settled, ...round2 } = record.rounds[1]!;
      const rounds = record.rounds.map((r) =>
        r.round === 2 ? { ...round2, deadline_at: new Date(deadline).toISOString() } : r,
      ) as TournamentRecord['rounds'];
      await tournamentRepository.put({ ...record, rounds });
      // Just before the deadline; nothing is due, so no job runs.
      setClockTo(new Date(deadline - 2000));

      const save = (u: number, players: string[]) =>
        api<ErrorBody>('PUT', '/api/golf/round/2/team', {
          stackUrl: stack.url,
          token: tokens[u]!,
          body: { game_global_id: gid, player_ids: players },
        });
      const answers = users.map(() => [] as Array<ApiResult<ErrorBody>>);
      await Promise.all([
        ...users.map(async (_, u) => {
          for (let k = 0; k < SAVES; k++) answers[u]!.push(await save(u, lineUp(u, k)));
        }),
        (async () => {
          // The clock crosses the deadline a different number of turns into each trial.
          for (let turn = 0; turn < (trial % 10) * 3; turn++)
            await new Promise((resolve) => setImmediate(resolve));
          // The deadline passes and its settlement runs, as the local stack's timer runs it.
          await passDeadline(new Date(deadline + SETTLEMENT_GRACE_MS + 1000));
        })(),
      ]);

      for (const [u, user] of users.entries()) {
        const where = `trial ${trial} ${user}`;
        const mine = answers[u]!;
        for (const answer of mine) {
          expectClean(answer, where);
          if (answer.status !== 200) {
            expect(answer.status, where).toBe(409);
            expect(['deadline_passed', 'conflict'], where).toContain(answer.body.code);
          }
        }
        // Saves go one after another: once one is past the deadline, every later one is too.
        const accepted = mine.filter((answer) => answer.status === 200);
        expect(
          mine.slice(0, accepted.length).every((answer) => answer.status === 200),
          where,
        ).toBe(true);
        for (const answer of accepted)
          expect(Date.parse(savedTeamSchema.parse(answer.body).last_saved_at), where).toBeLessThan(deadline);
        const late = await save(u, lineUp(u, SAVES));
        expect([late.status, late.body.code], where).toEqual([409, 'deadline_passed']);

        const view = roundViewSchema.parse(
          (
            await api('GET', `/api/golf/round/2?game_global_id=${gid}`, {
              stackUrl: stack.url,
              token: tokens[u]!,
            })
          ).body,
        );
        const settled = view.team?.slots.map((slot) => slot?.player.player_id);
        if (accepted.length) {
          const last = savedTeamSchema.parse(accepted.at(-1)!.body);
          expect(settled, where).toEqual(last.picks.map((pick) => pick.player_id));
          expect(view.team?.last_saved_at, where).toBe(last.last_saved_at);
        } else {
          expect(settled, where).toEqual(copied);
          expect(view.team?.source, where).toBe('carry_over');
        }
      }
      expect((await tournamentRepository.get(gid))!.rounds[1]!.settled_at, `trial ${trial}`).toBeDefined();
    }
  }, 60_000);
});

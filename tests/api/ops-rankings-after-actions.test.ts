/**
 * Each operator action on results decides what the rankings need: an action that wrote has its
 * tournament's rankings published again by the ranking job; a dry run, or a repeat that found the
 * change done, wrote nothing and leaves the served rankings and the stale mark alone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { opsRoundResultsSchema } from '../../shared/src/schemas/ops';
import { rankingStatusResponseSchema } from '../../shared/src/schemas/ranking';
import { api, tokenFor } from './support/api';
import { gameFixture, writeFixture } from './support/game-fixtures';
import { publishRankingsNow } from './support/rankings';

const fixture = gameFixture('ops-rankings-after');
const gid = fixture.id;
const [p1, p2] = fixture.playerIds as [string, string];
// Round 2 has provisional results to import and mark final; round 1 is final, to correct.
fixture.record.rounds[1] = { ...fixture.record.rounds[1]!, results: 'provisional' };
let operator: string;

const post = (path: string, body: Record<string, unknown>) => () =>
  api('POST', path, { token: operator, body });
/** An action on the tournament: its body names it. */
const act = (path: string, body: Record<string, unknown>) => post(path, { game_global_id: gid, ...body });

const status = async () =>
  rankingStatusResponseSchema.parse(
    (await api('GET', `/api/golf/ops/rankings/status?game_global_id=${gid}`, { token: operator })).body,
  );

/** The action answers 200, and the job publishes a newer snapshot of the tournament. */
async function expectPublished(action: () => Promise<{ status: number }>) {
  const before = (await publishRankingsNow(gid)).served?.snapshot_id ?? '';
  expect((await action()).status).toBe(200);
  expect((await publishRankingsNow(gid)).served!.snapshot_id > before).toBe(true);
}

/**
 * The action answers 200 with nothing marked: a marked change is stale until the job has published
 * it, so right after the answer the rankings are neither stale nor newer.
 */
async function expectLeftAlone(action: () => Promise<{ status: number }>) {
  const before = (await publishRankingsNow(gid)).served?.snapshot_id ?? null;
  const answer = await action();
  expect(answer.status, JSON.stringify(answer)).toBe(200);
  const after = await status();
  expect(after.stale).toBe(false);
  expect(after.served?.snapshot_id ?? null).toBe(before);
}

beforeAll(async () => {
  await writeFixture(fixture);
  operator = await tokenFor('rankings-after-operator', ['operators']);
});

describe('the rankings after an operator’s action', () => {
  it('an import or a final publishes them; its dry run and its repeat leave them alone', async () => {
    const csv = [
      'game_global_id,round,player_id,strokes,to_par,thru,birdies,eagles,bogeys,status',
      `${gid},2,${p1},69,-3,18,4,0,1,active`,
      `${gid},2,${p2},75,3,18,1,0,4,active`,
    ].join('\n');
    const importResults = (dryRun: boolean) =>
      post('/api/golf/ops/results', { format: 'csv', content: csv, dry_run: dryRun });
    await expectLeftAlone(importResults(true));
    await expectPublished(importResults(false));
    await expectLeftAlone(importResults(false));

    const markFinal = act('/api/golf/ops/round/final', { round: 2, force: true });
    await expectPublished(markFinal);
    await expectLeftAlone(markFinal);
  });

  it('a correction, a withdrawal and the cancels publish them; their dry runs leave them alone', async () => {
    const rows = opsRoundResultsSchema.parse(
      (
        await api('GET', `/api/golf/ops/round/results?game_global_id=${gid}&round=1`, {
          token: operator,
        })
      ).body,
    );
    const row = rows.players.find((p) => p.player_id === p2)!;
    const actions: Array<[string, Record<string, unknown>]> = [
      [
        '/api/golf/ops/result/correction',
        { round: 1, player_id: p2, base_version: row.version, birdies: row.birdies + 1, reason: '誤記' },
      ],
      ['/api/golf/ops/player/withdrawal', { player_id: p1, reason: '腰痛のため' }],
      ['/api/golf/ops/round/cancel', { round: 4, reason: '荒天のため' }],
      ['/api/golf/ops/tournament/cancel', { reason: '主催者の判断により' }],
    ];
    for (const [path, body] of actions) {
      await expectLeftAlone(act(path, { ...body, dry_run: true }));
      await expectPublished(act(path, body));
    }
  });
});

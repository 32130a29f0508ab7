/**
 * Before a correction, a withdrawal or a cancel runs, its dry run (`dry_run: true`) answers how
 * many saved teams it touches per round and which rankings move, and writes nothing. Counts come
 * from the frozen round's summary when there is one, else from a COUNT query of the round's teams.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { batchWriteAll } from '../../functions/src/db/batch-write';
import { teamItem } from '../../functions/src/db/repositories/team-repository';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { roundTeams } from '../../functions/src/domain/ranking/io/frozen-teams';
import { operatorActionPreviewResponseSchema, opsAuditLogSchema } from '../../shared/src/schemas/ops';
import { api, tokenFor } from './support/api';
import { gameFixture, team, versionOf, writeFixture } from './support/game-fixtures';

const fixture = gameFixture('test-action-preview');
const gid = fixture.id;
const p = fixture.playerIds;
const [p1, p2] = p as [string, string];
const allTypes = [1, 2, 3, 4, 5, 6, 7];
let operator: string;

// Rounds 1-2 final, 3-4 ahead. Round 1: 5 teams with picks (p1 in 3, p2 in 2) and one emptied;
// round 2: 4 teams (p1 in 3); round 3, saved before its deadline: 3 teams (p1 in 2).
const teams = [
  team(gid, 1, 'preview-u1', [p1, p2, p[2]!, p[3]!]),
  team(gid, 1, 'preview-u2', [p1, p[2]!, p[3]!, p[4]!]),
  team(gid, 1, 'preview-u3', [p1, p[4]!, p[5]!, p[6]!]),
  team(gid, 1, 'preview-u4', [p2, p[4]!, p[5]!, p[6]!]),
  team(gid, 1, 'preview-u5', [p[4]!, p[5]!, p[6]!, p[7]!]),
  team(gid, 1, 'preview-u6', []),
  team(gid, 2, 'preview-u1', [p1, p2, p[2]!, p[3]!]),
  team(gid, 2, 'preview-u2', [p1, p[2]!, p[3]!, p[4]!]),
  team(gid, 2, 'preview-u3', [p1, p[4]!, p[5]!, p[6]!]),
  team(gid, 2, 'preview-u4', [p[4]!, p[5]!, p[6]!, p[7]!]),
  team(gid, 3, 'preview-u1', [p1, p2, p[2]!, p[3]!]),
  team(gid, 3, 'preview-u2', [p1, p[4]!, p[5]!, p[6]!]),
  team(gid, 3, 'preview-u5', [p[4]!, p[5]!, p[6]!, p[7]!]),
];

const dryRun = async (path: string, body: Record<string, unknown>, token = operator) => {
  const answer = await api('POST', path, {
    token,
    body: { game_global_id: gid, reason: '確認', dry_run: true, ...body },
  });
  return answer;
};
const preview = async (path: string, body: Record<string, unknown>) => {
  const answer = await dryRun(path, body);
  expect(answer.status).toBe(200);
  const parsed = operatorActionPreviewResponseSchema.parse(answer.body);
  expect(parsed).toMatchObject({ dry_run: true, audit: null });
  return parsed.preview!;
};
const correction = async (playerId: string, values: Record<string, unknown>) =>
  preview('/api/golf/ops/result/correction', {
    round: 1,
    player_id: playerId,
    base_version: await versionOf(gid, playerId, 1),
    ...values,
  });

const stored = async () => ({
  record: await tournamentRepository.get(gid),
  field: await tournamentRepository.field(gid),
  audit: opsAuditLogSchema.parse(
    (await api('GET', `/api/golf/ops/audit?game_global_id=${gid}`, { token: operator })).body,
  ),
});
let before: Awaited<ReturnType<typeof stored>>;

beforeAll(async () => {
  await writeFixture(fixture, teams);
  operator = await tokenFor('preview-operator', ['operators']);
  before = await stored();
});

describe('the dry run of a correction', () => {
  it('of birdies counts the teams holding the player and names the バーディー数 ranking only', async () => {
    expect(await correction(p2, { birdies: 7 })).toEqual({
      teams_affected: [{ round: 1, teams: 2 }],
      rankings: [
        {
          board: 'personal',
          rounds: [1, 2],
          types: [4],
          provisional: false,
          label: '第1・第2ラウンドの個人ランキング（確定）：バーディー数',
        },
      ],
      notes: [],
    });
  });

  it('of a score names the rankings built from the team score, the guilds and the yearly points', async () => {
    const result = await correction(p1, { to_par: -3, strokes: 69 });
    expect(result.teams_affected).toEqual([{ round: 1, teams: 3 }]);
    expect(result.rankings.map((r) => r.label)).toEqual([
      '第1・第2ラウンドの個人ランキング（確定）：スコア、アンダーパー連続回数、上位10%連続回数',
      '第1・第2ラウンドのギルドランキング（確定）',
      '年間ランキング（この大会のポイント・速報）',
    ]);
  });

  it('of the field’s worst score says the penalty moves for penalised picks and missing teams', async () => {
    // Player 12 has the worst round 1 (+7): the penalty is +8. Nobody picked him.
    const result = await correction(p[11]!, { to_par: 8, strokes: 80 });
    expect(result.teams_affected).toEqual([]);
    expect(result.rankings.map((r) => [r.board, r.rounds, r.types])).toEqual([
      ['personal', [1, 2], [1, 2, 3]],
      ['guild', [1, 2], []],
      ['yearly', [], []],
    ]);
    expect(result.notes).toEqual([
      '第1ラウンドのペナルティが+8から+9に変わるため、予選落ち・棄権・失格の選手を選んだチームと、チームのないユーザーのスコアも変わります。',
    ]);
  });

  it('of bogeys alone changes no ranking', async () => {
    const result = await correction(p1, { bogeys: 2 });
    expect(result).toEqual({ teams_affected: [], rankings: [], notes: [] });
  });
});

describe('the dry run of a withdrawal', () => {
  it('counts the teams holding the player in every round it changes, those to be replaced at a deadline too', async () => {
    const result = await preview('/api/golf/ops/player/withdrawal', { player_id: p1 });
    // He withdraws from round 3: his earlier picks' cut outcome is read from his status (made →
    // not known), and round 3's teams get another player at its deadline.
    expect(result).toEqual({
      teams_affected: [
        { round: 1, teams: 3 },
        { round: 2, teams: 3 },
        { round: 3, teams: 2 },
      ],
      rankings: [
        {
          board: 'personal',
          rounds: [1, 2],
          types: [7],
          provisional: false,
          label: '第1・第2ラウンドの個人ランキング（確定）：予選通過成功率',
        },
      ],
      notes: [
        '第3ラウンドはまだ締め切り前です。この選手を選んだままのチームは、締め切りの時点で AI が調子で選んだ選手に自動で入れ替わります。',
      ],
    });
  });
});

describe('the dry run of a cancel', () => {
  it('of a round ahead counts its saved teams and changes no ranking yet', async () => {
    expect(await preview('/api/golf/ops/round/cancel', { round: 3 })).toEqual({
      teams_affected: [{ round: 3, teams: 3 }],
      rankings: [],
      notes: [
        '第3ラウンドはまだ締め切り前で、ランキングにはまだ入っていません。保存済みのチームは数えられなくなります。',
      ],
    });
  });

  it('of a played round counts its teams with picks and names every ranking from its tab on', async () => {
    const result = await preview('/api/golf/ops/round/cancel', { round: 2 });
    expect(result.teams_affected).toEqual([{ round: 2, teams: 4 }]);
    expect(result.rankings).toEqual([
      // Without a played round 2 the cut is no longer settled: round 1's picks lose their outcome.
      expect.objectContaining({ board: 'personal', rounds: [1], types: [7], provisional: false }),
      expect.objectContaining({ board: 'personal', rounds: [2], types: allTypes, provisional: false }),
      expect.objectContaining({ board: 'guild', rounds: [2], provisional: false }),
      expect.objectContaining({ board: 'yearly', provisional: true }),
    ]);
  });

  it('of the tournament counts every round’s teams (an emptied team is none)', async () => {
    const result = await preview('/api/golf/ops/tournament/cancel', {});
    expect(result.teams_affected).toEqual([
      { round: 1, teams: 5 },
      { round: 2, teams: 4 },
      { round: 3, teams: 3 },
    ]);
    expect(result.rankings.map((r) => r.label)).toEqual([
      '第1・第2ラウンドの個人ランキング（確定）：スコア、アンダーパー連続回数、上位10%連続回数、バーディー数、イーグル数、打率、予選通過成功率',
      '第1・第2ラウンドのギルドランキング（確定）',
      '年間ランキング（この大会のポイント）',
    ]);
    expect(result.notes).toEqual([
      '第3・第4ラウンドはまだ締め切り前で、ランキングにはまだ入っていません。保存済みのチームは数えられなくなります。',
    ]);
  });
});

describe('the dry run of a deadline move', () => {
  it('counts the teams an instant already past would lock, forced or not, and those left open otherwise', async () => {
    const past = new Date(Date.now() - 10 * 60_000).toISOString();
    const locking = await dryRun('/api/golf/ops/round/deadline', { round: 3, deadline_at: past });
    expect(locking.status).toBe(200);
    const answer = operatorActionPreviewResponseSchema.parse(locking.body);
    expect(answer).toMatchObject({ dry_run: true, audit: null, teams_locked: 3 });
    expect(answer.preview!.teams_affected).toEqual([{ round: 3, teams: 3 }]);
    // Round 3 starts without results: only a user whose one team is in it can enter, on スコア.
    expect(answer.preview!.rankings.map((r) => r.label)).toEqual([
      '第1・第2ラウンドの個人ランキング（確定）：スコア',
      '第3ラウンドの個人ランキング（速報）：スコア',
      '第1・第2ラウンドのギルドランキング（確定）',
      '第3ラウンドのギルドランキング（速報）',
      '年間ランキング（この大会のポイント・速報）',
    ]);
    expect(answer.preview!.notes[0]).toContain(
      'すでに過ぎています。このラウンドの保存済みのチームはすぐに締め切られ',
    );

    const later = new Date(Date.now() + 30 * 3600_000).toISOString();
    const open = operatorActionPreviewResponseSchema.parse(
      (await dryRun('/api/golf/ops/round/deadline', { round: 3, deadline_at: later })).body,
    );
    expect(open).toMatchObject({ teams_locked: 0, preview: { teams_affected: [], rankings: [] } });
    expect(open.preview!.notes[0]).toContain('保存済みのチームはこれまでどおり変更できます');
  });
});

describe('a dry run', () => {
  it('writes nothing: the tournament, its field and its audit log stay as they were', async () => {
    expect(await stored()).toEqual(before);
  });

  it('is an operator’s: a player gets 403 from each, and a dry run that is not a yes or no is refused', async () => {
    const player = await tokenFor('preview-u1');
    const calls: Array<[string, Record<string, unknown>]> = [
      ['/api/golf/ops/result/correction', { round: 1, player_id: p1, base_version: 'r1-0', birdies: 1 }],
      ['/api/golf/ops/player/withdrawal', { player_id: p1 }],
      ['/api/golf/ops/round/cancel', { round: 3 }],
      ['/api/golf/ops/tournament/cancel', {}],
      ['/api/golf/ops/round/deadline', { round: 3, deadline_at: new Date().toISOString() }],
    ];
    for (const [path, body] of calls) expect((await dryRun(path, body, player)).status).toBe(403);
    expect((await dryRun('/api/golf/ops/round/cancel', { round: 3, dry_run: 'yes' })).status).toBe(422);
    expect(await stored()).toEqual(before);
  });

  it('a misspelt field is refused with 422 naming it, never run', async () => {
    // `dryRun` for `dry_run`: read as an unknown key and dropped, the withdrawal would run for real.
    const answer = await api<{ errors?: Record<string, string[]> }>(
      'POST',
      '/api/golf/ops/player/withdrawal',
      { token: operator, body: { game_global_id: gid, player_id: p1, reason: '確認', dryRun: true } },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ dryRun: ['この項目は受け付けていません。'] });
    expect(await stored()).toEqual(before);
  });

  it('reads a frozen round’s counts from its summary, not from its team items', async () => {
    const record = (await tournamentRepository.get(gid))!;
    // The ranking job freezes round 1 and keeps its summary; a team item written since (no save
    // can write one after the deadline) is not read by the preview.
    await roundTeams(record, 1, new Date());
    await batchWriteAll([teamItem(team(gid, 1, 'preview-u7', [p1, p2, p[2]!, p[3]!]))]);
    expect((await correction(p1, { to_par: -3, strokes: 69 })).teams_affected).toEqual([
      { round: 1, teams: 3 },
    ]);
    expect((await preview('/api/golf/ops/tournament/cancel', {})).teams_affected[0]).toEqual({
      round: 1,
      teams: 5,
    });
  });
});

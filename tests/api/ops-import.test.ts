import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  importResultSchema,
  operatorActionResultSchema,
  roundViewSchema,
  myScoreSchema,
} from '../../shared/src/schemas/game';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { scoreOf } from './support/team-scores';
import { importResults } from '../../functions/src/domain/game/import-service';
import { scoreChangeRepository } from '../../functions/src/db/repositories/score-change-repository';
import { auditRepository } from '../../functions/src/db/repositories/audit-repository';
import { teamRepository } from '../../functions/src/db/repositories/team-repository';
import { batchWriteAll } from '../../functions/src/db/batch-write';
import { teamItem } from '../../functions/src/db/repositories/team-repository';
import { api, tokenFor } from './support/api';
import { team, versionOf } from './support/game-fixtures';
import { publishRankingsNow } from './support/rankings';
import { scoreChangesViewSchema } from '../../shared/src/schemas/score-changes';

const gid = 'test-ops-import';
const hour = 3600 * 1000;
const at = (offsetHours: number) => new Date(Date.now() + offsetHours * hour).toISOString();
const deadlines = [at(-50), at(-26), at(22), at(46)];
const players = Array.from({ length: 8 }, (_, i) => `ops-p${i + 1}`);
let operator: string;
let user: string;

interface ErrorBody {
  code: string;
  message: string;
  errors?: Record<string, string[]>;
}

const tournamentCsv = (rows: string[][]) =>
  [
    'game_global_id,season_id,tournament_name,venue,start_on,end_on,deadline_r1,deadline_r2,deadline_r3,deadline_r4,player_id,name,name_kana,country,world_rank,is_amateur,published',
    ...rows.map((r) => [...r, 'false'].join(',')),
  ].join('\n');
const tournamentColumns = (id = gid) => [
  id,
  '2026',
  '"テスト オープン, 取込"',
  'テストGC',
  at(-50).slice(0, 10),
  at(46).slice(0, 10),
  ...deadlines,
];
const resultsCsv = (rows: Array<Array<string | number>>) =>
  [
    'game_global_id,round,player_id,strokes,to_par,thru,birdies,eagles,bogeys,status',
    ...rows.map((r) => [gid, ...r].join(',')),
  ].join('\n');

beforeAll(async () => {
  operator = await tokenFor('ops-operator', ['operators']);
  user = await tokenFor('ops-user');
});

describe('operator access', () => {
  it.each([
    ['POST', '/api/golf/ops/tournament'],
    ['POST', '/api/golf/ops/results'],
    ['POST', '/api/golf/ops/round/final'],
    ['POST', '/api/golf/ops/round/deadline'],
    ['POST', '/api/golf/ops/result/correction'],
    ['POST', '/api/golf/ops/carry-over'],
  ])('%s %s: anonymous 401, normal user 403', async (method, path) => {
    expect((await api(method, path, { body: {} })).status).toBe(401);
    expect((await api(method, path, { body: {}, token: user })).status).toBe(403);
  });
});

describe('results feed', () => {
  it('import validation: a tournament file with bad rows imports nothing and reports every bad line', async () => {
    const csv = tournamentCsv([
      [...tournamentColumns(), players[0]!, '選手 一', 'センシュ イチ', 'JPN', '5', 'false'],
      [...tournamentColumns(), players[1]!, '', 'センシュ ニ', 'JPN', '7', 'false'],
      [...tournamentColumns(), players[0]!, '選手 三', 'センシュ サン', 'JPN', 'x', 'false'],
    ]);
    const result = await api<ErrorBody>('POST', '/api/golf/ops/tournament', {
      token: operator,
      body: { format: 'csv', content: csv },
    });
    expect(result.status).toBe(422);
    expect(Object.keys(result.body.errors ?? {}).sort()).toEqual(['line 3', 'line 4']);
    expect(await tournamentRepository.get(gid)).toBeUndefined();
  });

  it('import idempotency: the same tournament file twice changes nothing the second time', async () => {
    const csv = tournamentCsv(
      players.map((id, i) => [
        ...tournamentColumns(),
        id,
        `選手 ${i + 1}`,
        `センシュ ${i + 1}`,
        'JPN',
        String(i + 1),
        'false',
      ]),
    );
    const first = importResultSchema.parse(
      (
        await api('POST', '/api/golf/ops/tournament', {
          token: operator,
          body: { format: 'csv', content: csv },
        })
      ).body,
    );
    expect(first).toMatchObject({ players: 8, changed: 8, tournament_changed: true });
    const second = importResultSchema.parse(
      (
        await api('POST', '/api/golf/ops/tournament', {
          token: operator,
          body: { format: 'csv', content: csv },
        })
      ).body,
    );
    expect(second).toMatchObject({ changed: 0, unchanged: 8, tournament_changed: false });
    const stored = await tournamentRepository.get(gid);
    expect(stored?.tournament_name).toBe('テスト オープン, 取込');
    expect(stored?.rounds.map((r) => r.deadline_at)).toEqual(deadlines);
  });

  it('import validation: a results file with bad rows imports nothing and reports every bad line', async () => {
    await batchWriteAll([teamItem(team(gid, 1, 'ops-user', players.slice(0, 4)))]);
    const csv = resultsCsv([
      [1, players[0]!, 70, -2, 18, 4, 0, 2, 'active'],
      [1, 'ops-unknown', 70, -2, 18, 4, 0, 2, 'active'],
      [1, players[1]!, '', '', 18, 0, 0, 0, 'active'],
      [3, players[2]!, 70, -2, 18, 4, 0, 2, 'active'],
      [1, players[3]!, 70, -2, 18, 4, 0, 2, 'retired'],
    ]);
    const result = await api<ErrorBody>('POST', '/api/golf/ops/results', {
      token: operator,
      body: { format: 'csv', content: csv },
    });
    expect(result.status).toBe(422);
    expect(Object.keys(result.body.errors ?? {}).sort()).toEqual(['line 3', 'line 4', 'line 5', 'line 6']);
    const field = await tournamentRepository.field(gid);
    expect(field.every((e) => e.rounds[0] === null)).toBe(true);
  });

  it('CSV import errors name each cell in Japanese words, and a status the values a cell may hold', async () => {
    const csv = resultsCsv([
      [1, players[0]!, 70, 'x', 18, 4, 0, 2, 'active'],
      [1, players[1]!, 70, -2, 18, 4, 0, 2, 'retired'],
      [1, players[2]!, '', '', 9, 1, 0, 0, 'active'],
      [1, players[3]!, 70, -2, 18, -1, 0, 2, 'active'],
    ]);
    const result = await api<ErrorBody>('POST', '/api/golf/ops/results', {
      token: operator,
      body: { format: 'csv', content: csv, dry_run: true },
    });
    expect(result.status).toBe(422);
    expect(result.body.errors).toEqual({
      'line 2': ['スコアはパーとの差を E、+3、-2 のように書いてください（未確定は - か空欄）。'],
      'line 3': [
        '状態は active（プレー中）・cut（予選落ち）・wd（棄権）・dq（失格） のいずれかにしてください。',
      ],
      'line 4': ['プレー中の選手（1〜17ホールを終えた選手）にはスコアが必要です（例 E、+3、-2）。'],
      'line 5': ['バーディー数は0以上で入力してください。'],
    });
    const tournament = await api<ErrorBody>('POST', '/api/golf/ops/tournament', {
      token: operator,
      body: {
        format: 'csv',
        content: tournamentCsv([
          [
            ...tournamentColumns().slice(0, 6),
            'soon',
            ...deadlines.slice(1),
            'p1',
            '選手',
            'センシュ',
            'JPN',
            '0',
            'false',
          ],
        ]),
        dry_run: true,
      },
    });
    expect(tournament.status).toBe(422);
    expect(tournament.body.errors).toEqual({
      'line 2': [
        '第1ラウンドの締め切りは ISO 8601 の日時（例 2026-12-03T07:00:00+09:00）で指定してください。',
        '世界ランクは1以上です。',
      ],
    });
  });

  it('import idempotency: results twice change the field once; a changed row before final is a correction', async () => {
    const rows = players.map(
      (id, i) => [1, id, 70 + i, i - 2, 18, 3, 0, 1, 'active'] as Array<string | number>,
    );
    const csv = resultsCsv(rows);
    const first = importResultSchema.parse(
      (await api('POST', '/api/golf/ops/results', { token: operator, body: { format: 'csv', content: csv } }))
        .body,
    );
    expect(first).toMatchObject({ changed: 8 });
    expect(first).not.toHaveProperty('scores_written');
    expect((await scoreOf(gid, 1, 'ops-user'))?.score).toBe(-2 - 1 + 0 + 1);
    const again = importResultSchema.parse(
      (await api('POST', '/api/golf/ops/results', { token: operator, body: { format: 'csv', content: csv } }))
        .body,
    );
    expect(again).toMatchObject({ changed: 0 });
    rows[0] = [1, players[0]!, 69, -3, 18, 4, 0, 1, 'active'];
    const corrected = importResultSchema.parse(
      (
        await api('POST', '/api/golf/ops/results', {
          token: operator,
          body: { format: 'csv', content: resultsCsv(rows) },
        })
      ).body,
    );
    expect(corrected).toMatchObject({ changed: 1 });
    const score = await scoreOf(gid, 1, 'ops-user');
    expect(score).toMatchObject({ score: -3, provisional: true });
  });

  it('accepts the same results as JSON', async () => {
    const body = {
      game_global_id: gid,
      results: [
        {
          round: 1,
          player_id: players[0],
          strokes: 69,
          to_par: -3,
          thru: 18,
          birdies: 4,
          eagles: 0,
          bogeys: 1,
          status: 'active',
        },
      ],
    };
    const result = await api('POST', '/api/golf/ops/results', {
      token: operator,
      body: { format: 'json', content: JSON.stringify(body) },
    });
    expect(importResultSchema.parse(result.body)).toMatchObject({ changed: 0 });
  });

  it('an import stores the field and answers: no team is read and no per-player item written', async () => {
    const reads = (['listRound', 'get', 'countRound'] as const).map((name) => vi.spyOn(teamRepository, name));
    const changes = vi.spyOn(scoreChangeRepository, 'write');
    try {
      // A late update of the four players nobody here picked.
      const rows = players
        .slice(4)
        .map((id, i) => [1, id, 70 + i, i - 3, 18, 5, 0, 1, 'active'] as Array<string | number>);
      const result = await importResults('csv', resultsCsv(rows), new Date(), false);
      expect(result).toMatchObject({ imported: true, changed: 4 });
      for (const read of reads) expect(read).not.toHaveBeenCalled();
      expect(changes).not.toHaveBeenCalled();
      // A team's score is computed from the field when read (by the ranking job or a view).
      expect((await scoreOf(gid, 1, 'ops-user'))?.score).toBe(-3 - 1 + 0 + 1);
    } finally {
      for (const read of reads) read.mockRestore();
      changes.mockRestore();
    }
  });

  it('a player missing from the results: the round cannot be marked final while a picked player has no result', async () => {
    await batchWriteAll([teamItem(team(gid, 2, 'ops-user', players.slice(0, 4)))]);
    const csv = resultsCsv(players.slice(1).map((id) => [2, id, 72, 0, 18, 3, 0, 3, 'active']));
    await api('POST', '/api/golf/ops/results', { token: operator, body: { format: 'csv', content: csv } });
    const refused = await api<ErrorBody>('POST', '/api/golf/ops/round/final', {
      token: operator,
      body: { game_global_id: gid, round: 2 },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errors?.['player_ids']).toEqual([players[0]]);
    const withdrawal = resultsCsv([[2, players[0]!, '', 1, 9, 1, 0, 2, 'wd']]);
    await api('POST', '/api/golf/ops/results', {
      token: operator,
      body: { format: 'csv', content: withdrawal },
    });
    // The round's teams are settled at its deadline before it is marked final.
    await api('POST', '/api/golf/ops/carry-over', { token: operator, body: { game_global_id: gid } });
    const final = await api('POST', '/api/golf/ops/round/final', {
      token: operator,
      body: { game_global_id: gid, round: 2 },
    });
    expect(final.status).toBe(200);
    // WD scores the worst completed to-par (0) + 1; the partial +1 after 9 holes never counts.
    expect(await scoreOf(gid, 2, 'ops-user')).toMatchObject({
      score: 1,
      provisional: false,
    });
  });

  it('corrections after final: refused in the import, accepted by the operator call with an audit record and a note', async () => {
    const csv = resultsCsv([[2, players[1]!, 71, -1, 18, 3, 0, 2, 'active']]);
    const refused = await api<ErrorBody>('POST', '/api/golf/ops/results', {
      token: operator,
      body: { format: 'csv', content: csv },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.['line 2']?.[0]).toContain('確定済み');
    const result = await api('POST', '/api/golf/ops/result/correction', {
      token: operator,
      body: {
        game_global_id: gid,
        round: 2,
        player_id: players[1],
        base_version: await versionOf(gid, players[1]!, 2),
        strokes: 71,
        to_par: -1,
        birdies: 3,
        bogeys: 2,
        reason: 'スコアカードの誤記',
      },
    });
    expect(result.status).toBe(200);
    const action = operatorActionResultSchema.parse(result.body);
    expect(action.audit).toMatchObject({
      action: 'correct_result',
      by: 'ops-operator',
      reason: 'スコアカードの誤記',
    });
    expect(action.audit?.before).toMatchObject({ to_par: 0, result: { to_par: 0 } });
    expect(action.audit?.after).toMatchObject({ to_par: -1, result: { to_par: -1 } });
    // The change record is the ranking job's to write (with the publish the call started).
    expect(action.score_changes).toBeNull();
    const audit = await auditRepository.list(gid);
    expect(audit.map((a) => a.action)).toContain('correct_result');
    const view = roundViewSchema.parse(
      (await api('GET', `/api/golf/round/2?game_global_id=${gid}`, { token: user })).body,
    );
    // Players read who was corrected and what, not the operators' reason.
    expect(view.notes[0]).toMatch(/ 選手 2選手の打数・スコア・ボギー数を訂正しました$/);
    expect(view.score).toEqual({ kind: 'scored', score: 0, provisional: false });
    const mine = myScoreSchema.parse(
      (await api('GET', `/api/golf/schedule/score/me?game_global_id=${gid}`, { token: user })).body,
    );
    expect(mine.total.score).toBe(-3 + 0);
    await publishRankingsNow(gid);
    const moved = scoreChangesViewSchema.parse(
      (await api('GET', `/api/golf/schedule/score/changes?game_global_id=${gid}&round=2`, { token: user }))
        .body,
    );
    expect(moved.changes.filter((change) => change.cause === 'correct_result')).toMatchObject([
      { id: action.audit!.id, reason: 'スコアカードの誤記', before: { score: 1 }, after: { score: 0 } },
    ]);
  });

  it('deadline moves: audited with who, when, why, before and after, and shown on the round', async () => {
    const after = at(23);
    const result = await api('POST', '/api/golf/ops/round/deadline', {
      token: operator,
      body: { game_global_id: gid, round: 3, deadline_at: after, reason: '濃霧のため' },
    });
    expect(result.status).toBe(200);
    const action = operatorActionResultSchema.parse(result.body);
    expect(action.audit).toMatchObject({
      action: 'move_deadline',
      by: 'ops-operator',
      before: deadlines[2],
      after,
      reason: '濃霧のため',
    });
    expect((await tournamentRepository.get(gid))?.rounds[2]?.deadline_at).toBe(after);
    const view = roundViewSchema.parse(
      (await api('GET', `/api/golf/round/3?game_global_id=${gid}`, { token: user })).body,
    );
    expect(view.round.deadline_note).toContain('濃霧のため');
    expect(await teamRepository.get(gid, 3, 'ops-user')).toBeUndefined();
  });
});

/**
 * Setting up a season through the operator API: a tournament with its 4 rounds and no field, its
 * field imported, its prizes created and edited. Each is operator-only, refuses a wrong body with
 * its fields named (422, nothing written), records an audit entry, and saving what is stored already
 * answers `already_done` with that entry.
 */
import { describe, expect, it } from 'vitest';
import { importResultSchema } from '../../shared/src/schemas/game';
import { savePrizeResultSchema } from '../../shared/src/schemas/ops';
import { auditRepository } from '../../functions/src/db/repositories/audit-repository';
import { prizeRepository } from '../../functions/src/db/repositories/prize-repository';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { api, tokenFor } from './support/api';

const operator = () => tokenFor('setup-operator', ['operators']);
const post = async (path: string, body: unknown) => api('POST', path, { token: await operator(), body });

const day = 86_400_000;
/** A tournament starting in a week, its deadlines at 7:00 Tokyo time on each of its 4 days. */
function settings(id: string) {
  const start = new Date(Date.now() + 7 * day);
  const date = (offset: number) => new Date(start.getTime() + offset * day).toISOString().slice(0, 10);
  return {
    game_global_id: id,
    season_id: start.getUTCFullYear(),
    tournament_name: '準備 オープン',
    venue: '準備ゴルフ倶楽部',
    start_on: date(0),
    end_on: date(3),
    deadline_r1: `${date(0)}T07:00:00+09:00`,
    deadline_r2: `${date(1)}T07:00:00+09:00`,
    deadline_r3: `${date(2)}T07:30:00+09:00`,
    deadline_r4: `${date(3)}T07:30:00+09:00`,
    cut_after_round: 2,
    cut_top: 60,
    // Staged: test tournaments stay out of the schedule other tests read.
    published: false,
  };
}

const fieldCsv = (id: string) =>
  [
    'player_id,name,name_kana,country,world_rank,is_amateur',
    `${id}-p1,青木 拓海,アオキ タクミ,JPN,45,false`,
    `${id}-p2,北村 直人,キタムラ ナオト,JPN,,true`,
  ].join('\n');

describe('a tournament created with its 4 rounds, then its field', () => {
  it('creates, edits, repeats and refuses', async () => {
    const id = `setup-${Date.now()}`;
    const created = await post('/api/golf/ops/tournament/settings', settings(id));
    expect(created.status).toBe(200);
    const first = importResultSchema.parse(created.body);
    expect(first).toMatchObject({ tournament_changed: true, players: 0 });
    expect(first.audit).toMatchObject({
      action: 'save_tournament',
      reason: '大会の作成',
      by: 'setup-operator',
    });
    const stored = await tournamentRepository.get(id);
    expect(stored?.rounds.map((r) => [r.round, r.results, r.cancelled])).toEqual([
      [1, 'none', false],
      [2, 'none', false],
      [3, 'none', false],
      [4, 'none', false],
    ]);
    expect(stored?.cut).toEqual({ after_round: 2, top: 60 });

    const again = importResultSchema.parse(
      (await post('/api/golf/ops/tournament/settings', settings(id))).body,
    );
    expect(again).toMatchObject({ already_done: true, audit: first.audit });

    const renamed = importResultSchema.parse(
      (await post('/api/golf/ops/tournament/settings', { ...settings(id), venue: '新会場' })).body,
    );
    expect(renamed.audit).toMatchObject({
      reason: '大会の設定の変更',
      before: { venue: '準備ゴルフ倶楽部' },
    });
    expect((await tournamentRepository.get(id))?.venue).toBe('新会場');

    // Field: checked first (nothing written), imported, then the same file again.
    const dry = importResultSchema.parse(
      (
        await post('/api/golf/ops/tournament/field', {
          game_global_id: id,
          format: 'csv',
          content: fieldCsv(id),
          dry_run: true,
        })
      ).body,
    );
    expect(dry).toMatchObject({ imported: false, players: 2, changed: 2 });
    expect(await tournamentRepository.field(id)).toEqual([]);
    const field = importResultSchema.parse(
      (
        await post('/api/golf/ops/tournament/field', {
          game_global_id: id,
          format: 'csv',
          content: fieldCsv(id),
        })
      ).body,
    );
    expect(field).toMatchObject({ imported: true, changed: 2 });
    expect(field.audit).toMatchObject({ action: 'import_field' });
    const entries = await tournamentRepository.field(id);
    expect(entries.map((e) => [e.player_id, e.status, e.is_amateur])).toEqual([
      [`${id}-p1`, 'active', false],
      [`${id}-p2`, 'active', true],
    ]);
    const repeated = importResultSchema.parse(
      (
        await post('/api/golf/ops/tournament/field', {
          game_global_id: id,
          format: 'csv',
          content: fieldCsv(id),
        })
      ).body,
    );
    expect(repeated).toMatchObject({ already_done: true, changed: 0, audit: field.audit });

    // Editing the settings keeps the field.
    await post('/api/golf/ops/tournament/settings', { ...settings(id), tournament_name: '準備 オープン改' });
    expect(await tournamentRepository.field(id)).toEqual(entries);

    const log = await auditRepository.list(id);
    expect(log.map((entry) => entry.action).sort()).toEqual([
      'import_field',
      'save_tournament',
      'save_tournament',
      'save_tournament',
    ]);
  });

  it('refuses wrong settings and files with the fields named, writing nothing', async () => {
    const id = `setup-bad-${Date.now()}`;
    const bad = await post('/api/golf/ops/tournament/settings', {
      ...settings(id),
      game_global_id: 'スペース あり',
      end_on: '2000-01-01',
      deadline_r3: settings(id).deadline_r1,
      cut_top: 0,
    });
    expect(bad.status).toBe(422);
    const errors = (bad.body as { errors: Record<string, string[]> }).errors;
    // Every wrong field at once: the id, the cut, the dates' and deadlines' order.
    expect(Object.keys(errors).sort()).toEqual(['cut_top', 'deadline_r3', 'end_on', 'game_global_id']);
    expect((await post('/api/golf/ops/tournament/settings', 'nope')).status).toBe(422);
    expect(await tournamentRepository.get(id)).toBeUndefined();

    // A field for a tournament not created yet, and a file with a bad line.
    const missing = await post('/api/golf/ops/tournament/field', {
      game_global_id: id,
      format: 'csv',
      content: fieldCsv(id),
    });
    expect(missing.status).toBe(404);
    await post('/api/golf/ops/tournament/settings', settings(id));
    const badFile = await post('/api/golf/ops/tournament/field', {
      game_global_id: id,
      format: 'csv',
      content: `${fieldCsv(id)}\n${id}-p3,,,J,,false`,
    });
    expect(badFile.status).toBe(422);
    expect(Object.keys((badFile.body as { errors: Record<string, string[]> }).errors)).toEqual(['line 4']);
    expect(await tournamentRepository.field(id)).toEqual([]);

    // A deadline already past is moved by the deadline action only.
    const past = await post('/api/golf/ops/tournament/settings', {
      ...settings(id),
      deadline_r1: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.status).toBe(200);
    const moved = await post('/api/golf/ops/tournament/settings', settings(id));
    expect(moved.status).toBe(422);
    expect(Object.keys((moved.body as { errors: Record<string, string[]> }).errors)).toEqual(['deadline_r1']);
  });
});

describe('prizes created by operators', () => {
  it('creates a rank prize and the entry prize, edits one, repeats one, refuses overlapping ranks', async () => {
    const id = `setup-prize-${Date.now()}`;
    await post('/api/golf/ops/tournament/settings', settings(id));
    const rank = {
      kind: 'game',
      game_global_id: id,
      name: '優勝賞品',
      description: '1位の方に',
      value_yen: 80000,
      rank_from: 1,
      rank_to: 1,
    };
    const created = savePrizeResultSchema.parse((await post('/api/golf/ops/prizes', rank)).body);
    expect(created).toMatchObject({
      created: true,
      prize: { winners_count: 1, rank_from: 1, game_global_id: id },
    });
    expect(created.audit).toMatchObject({ action: 'save_prize', game_global_id: id });
    expect(await prizeRepository.get(created.prize.id)).toEqual(created.prize);
    expect((await prizeRepository.listByKind('game')).map((p) => p.id)).toContain(created.prize.id);

    const again = savePrizeResultSchema.parse((await post('/api/golf/ops/prizes', rank)).body);
    expect(again).toMatchObject({ already_done: true, created: false, audit: created.audit });

    const edited = savePrizeResultSchema.parse(
      (await post('/api/golf/ops/prizes', { ...rank, value_yen: 90000 })).body,
    );
    expect(edited).toMatchObject({
      created: false,
      prize: { id: created.prize.id, value_yen: 90000, order: created.prize.order },
    });

    const entry = savePrizeResultSchema.parse(
      (
        await post('/api/golf/ops/prizes', {
          kind: 'entry',
          game_global_id: id,
          name: '参加賞',
          description: '',
          value_yen: 1000,
          winners_count: 10,
        })
      ).body,
    );
    expect(entry.prize).toMatchObject({ kind: 'entry', winners_count: 10, rank_from: null });

    const overlap = await post('/api/golf/ops/prizes', { ...rank, name: '2位まで', rank_to: 2 });
    expect(overlap.status).toBe(422);
    expect((overlap.body as { errors: Record<string, string[]> }).errors['rank_from']?.[0]).toContain(
      '優勝賞品',
    );

    const incomplete = await post('/api/golf/ops/prizes', {
      kind: 'game',
      name: '3位の賞品',
      description: '',
      value_yen: 0,
      rank_from: 3,
      rank_to: 2,
    });
    expect(incomplete.status).toBe(422);
    expect(Object.keys((incomplete.body as { errors: Record<string, string[]> }).errors).sort()).toEqual([
      'game_global_id',
      'rank_to',
    ]);
    const wrong = await post('/api/golf/ops/prizes', { ...rank, name: '', value_yen: -1 });
    expect(wrong.status).toBe(422);
    expect(Object.keys((wrong.body as { errors: Record<string, string[]> }).errors).sort()).toEqual([
      'name',
      'value_yen',
    ]);
    const unknown = await post('/api/golf/ops/prizes', { ...rank, game_global_id: `${id}-none` });
    expect(unknown.status).toBe(422);
    expect((await auditRepository.list(id)).filter((e) => e.action === 'save_prize')).toHaveLength(3);
  });
});

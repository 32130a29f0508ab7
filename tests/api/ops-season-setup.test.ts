/**
 * Setting up a season through the operator API: a tournament with its 4 rounds and no field, its
 * field imported, its prizes created and edited, given images, retired and restored. Each is operator-only, refuses a wrong body with
 * its fields named (422, nothing written), records an audit entry, and saving what is stored already
 * answers `already_done` with that entry.
 */
import { describe, expect, it } from 'vitest';
import { importResultSchema } from '../../shared/src/schemas/game';
import {
  opsPrizeListSchema,
  retirePrizeResultSchema,
  savePrizeResultSchema,
} from '../../shared/src/schemas/ops';
import { auditRepository } from '../../functions/src/db/repositories/audit-repository';
import { prizeDrawRepository } from '../../functions/src/db/repositories/prize-draw-repository';
import { prizeRepository } from '../../functions/src/db/repositories/prize-repository';
import { tournamentPrizes } from '../../functions/src/domain/prize/prize-draw-service';
import { tournamentRepository } from '../../functions/src/db/repositories/tournament-repository';
import { api, tokenFor } from './support/api';
import { realPng } from './support/images';
import { attachedUrl, expectStoredImage, postToS3, presign } from './support/uploads';

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

/** A staged tournament of its own, for a test of its prizes. */
async function prizeTournament(prefix: string) {
  const id = `${prefix}-${Date.now()}`;
  await post('/api/golf/ops/tournament/settings', settings(id));
  return id;
}

/** Saves the tournament's entry prize; answers it as stored. */
const saveEntryPrize = async (id: string, name: string, value_yen: number, winners_count: number) =>
  savePrizeResultSchema.parse(
    (
      await post('/api/golf/ops/prizes', {
        kind: 'entry',
        game_global_id: id,
        name,
        description: '',
        value_yen,
        winners_count,
      })
    ).body,
  ).prize;

/** The body of a rank prize of the tournament for one rank. */
const rankPrize = (id: string, name: string, rank: number, value_yen: number, description = '') => ({
  kind: 'game',
  game_global_id: id,
  name,
  description,
  value_yen,
  rank_from: rank,
  rank_to: rank,
});

describe('prizes created by operators', () => {
  it('creates a rank prize and the entry prize, edits one, repeats one, refuses overlapping ranks', async () => {
    const id = await prizeTournament('setup-prize');
    const rank = rankPrize(id, '優勝賞品', 1, 80000, '1位の方に');
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

    const entry = await saveEntryPrize(id, '参加賞', 1000, 10);
    expect(entry).toMatchObject({ kind: 'entry', winners_count: 10, rank_from: null });

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

describe('prize images uploaded by operators', () => {
  it('presigns prize images for operators only, attaches one, keeps it, replaces it and removes it', async () => {
    const player = await tokenFor('setup-prize-player');
    const refused = await api('POST', '/api/uploads/presign', {
      token: player,
      body: { purpose: 'prize', content_type: 'image/png' },
    });
    expect(refused.status).toBe(403);

    const id = await prizeTournament('setup-image');
    const token = await operator();
    const upload = await presign(token, 'image/png', 'prize');
    expect(upload.key).toMatch(/^uploads\/prize\/setup-operator\//);
    expect((await postToS3(upload, await realPng(), 'image/png')).status).toBeLessThan(300);
    const prize = rankPrize(id, '画像つきの賞品', 1, 5000);
    const saved = savePrizeResultSchema.parse(
      (await post('/api/golf/ops/prizes', { ...prize, image_key: upload.key })).body,
    );
    expect(saved.prize.image_url).toMatch(attachedUrl('prize', 'setup-operator'));
    await expectStoredImage(saved.prize.image_url);
    // Players' lists carry the attached image.
    const listed = await api<Array<{ id: string; image_url: string }>>('GET', '/api/golf/master/game_prize');
    expect(listed.body.find((p) => p.id === saved.prize.id)?.image_url).toBe(saved.prize.image_url);

    // Saved again without an image: the stored one stays, and nothing changed.
    const kept = savePrizeResultSchema.parse((await post('/api/golf/ops/prizes', prize)).body);
    expect(kept).toMatchObject({ already_done: true, prize: { image_url: saved.prize.image_url } });

    // Another operator's upload, a missing object and a key with an address are refused, nothing written.
    const other = await presign(await tokenFor('setup-other-operator', ['operators']), 'image/png', 'prize');
    await postToS3(other, await realPng(), 'image/png');
    for (const body of [
      { ...prize, image_key: other.key },
      { ...prize, image_key: `${upload.key.replace(/[^/]+$/, '')}missing.png` },
      { ...prize, image_key: upload.key, image_url: 'https://example.com/a.png' },
    ]) {
      const wrong = await post('/api/golf/ops/prizes', body);
      expect(wrong.status).toBe(422);
      expect(Object.keys((wrong.body as { errors: Record<string, string[]> }).errors)).toEqual(['image_key']);
    }
    expect((await prizeRepository.get(saved.prize.id))?.image_url).toBe(saved.prize.image_url);

    // An image that is not one is refused.
    const fake = await presign(token, 'image/png', 'prize');
    await postToS3(fake, Buffer.from('<html></html>'), 'image/png');
    expect((await post('/api/golf/ops/prizes', { ...prize, image_key: fake.key })).status).toBe(422);

    const removed = savePrizeResultSchema.parse(
      (await post('/api/golf/ops/prizes', { ...prize, image_url: '' })).body,
    );
    expect(removed.prize.image_url).toBe('');
    expect(removed.audit).toMatchObject({
      action: 'save_prize',
      before: { image_url: saved.prize.image_url },
    });
  });
});

describe('prizes retired and restored by operators', () => {
  const retire = (prize_id: string, retired: boolean) =>
    post('/api/golf/ops/prizes/retire', { prize_id, retired });

  it('takes a prize out of the lists and the draw, restores it, answers a repeat, refuses a drawn prize', async () => {
    const id = await prizeTournament('setup-retire');
    const rank = rankPrize(id, '3位の賞品', 3, 3000);
    const game = savePrizeResultSchema.parse((await post('/api/golf/ops/prizes', rank)).body).prize;
    const entry = await saveEntryPrize(id, '参加賞 クオカード', 500, 3);

    const retired = await retire(game.id, true);
    expect(retired.status).toBe(200);
    const first = retirePrizeResultSchema.parse(retired.body);
    expect(first.prize.retired_at).toBeDefined();
    expect(first.audit).toMatchObject({
      action: 'retire_prize',
      game_global_id: id,
      by: 'setup-operator',
      before: game,
      after: first.prize,
    });
    const again = retirePrizeResultSchema.parse((await retire(game.id, true)).body);
    expect(again).toMatchObject({ already_done: true, audit: first.audit, prize: first.prize });

    // Players no longer see it; the operators' list marks it; the draw leaves it out.
    const offered = await api<Array<{ id: string }>>('GET', '/api/golf/master/game_prize');
    expect(offered.body.map((p) => p.id)).not.toContain(game.id);
    const ops = opsPrizeListSchema.parse(
      (await api('GET', `/api/golf/ops/prizes?game_global_id=${id}`, { token: await operator() })).body,
    );
    // The tournament's prizes, then its season's yearly prizes.
    expect(ops.prizes.every((p, i) => i < 2 || p.kind === 'yearly')).toBe(true);
    expect(ops.prizes.slice(0, 2).map((p) => [p.id, p.retired_at !== undefined, p.drawn])).toEqual([
      [game.id, true, false],
      [entry.id, false, false],
    ]);
    // What the draw, its preview and the winners' export take (the preview waits for final results).
    expect((await tournamentPrizes(id)).map((p) => p.id)).toEqual([entry.id]);

    // Edited while retired, it stays retired; a prize offered on its ranks meanwhile blocks its return.
    const edited = savePrizeResultSchema.parse(
      (await post('/api/golf/ops/prizes', { ...rank, value_yen: 3500 })).body,
    );
    expect(edited.prize).toMatchObject({ value_yen: 3500, retired_at: first.prize.retired_at });
    const replacement = savePrizeResultSchema.parse(
      (await post('/api/golf/ops/prizes', { ...rank, name: '3〜4位の賞品', rank_to: 4 })).body,
    ).prize;
    const blocked = await retire(game.id, false);
    expect(blocked.status).toBe(409);
    expect((blocked.body as { message: string }).message).toContain('3〜4位の賞品');
    await retire(replacement.id, true);

    const restored = retirePrizeResultSchema.parse((await retire(game.id, false)).body);
    expect(restored.prize.retired_at).toBeUndefined();
    expect(restored.audit).toMatchObject({ action: 'restore_prize', after: restored.prize });
    expect(retirePrizeResultSchema.parse((await retire(game.id, false)).body)).toMatchObject({
      already_done: true,
      audit: restored.audit,
    });
    expect(
      (await api<Array<{ id: string }>>('GET', '/api/golf/master/game_prize')).body.map((p) => p.id),
    ).toContain(game.id);

    // Drawn, the entry prize keeps its winners: retiring it is refused.
    await prizeDrawRepository.commitDraws(
      [
        {
          prize_id: entry.id,
          game_global_id: id,
          seed: 'retire-test',
          drawn_at: new Date().toISOString(),
          drawn_by: 'setup-operator',
          winners: [],
        },
      ],
      [],
    );
    const drawn = await retire(entry.id, true);
    expect(drawn.status).toBe(409);
    expect((drawn.body as { message: string }).message).toContain('抽選済み');
    expect((await prizeRepository.get(entry.id))?.retired_at).toBeUndefined();

    // Wrong bodies and unknown prizes.
    for (const body of [{ prize_id: game.id }, { prize_id: '../x', retired: true }, { retired: 'yes' }]) {
      const wrong = await post('/api/golf/ops/prizes/retire', body);
      expect(wrong.status).toBe(422);
    }
    expect((await retire(`${game.id}-none`, true)).status).toBe(404);
    expect(
      (await auditRepository.list(id)).filter(
        (e) => e.action === 'retire_prize' || e.action === 'restore_prize',
      ),
    ).toHaveLength(3);
  });
});

/**
 * Prizes set up by operators (docs/operations.md, A new season): a rank prize is named by its
 * tournament (or season, for a yearly prize) and its ranks, an entry prize by its tournament, so
 * saving the same prize again edits it instead of adding a second one. Ranks may not overlap another
 * prize of the same tournament or season that is still offered. Each save writes an audit entry;
 * saving what is stored already writes nothing and answers `already_done`.
 *
 * A prize's image is uploaded first (`POST /api/uploads/presign`, purpose prize, operators only) and
 * saved by its key: checked, re-encoded and stored under a key of its own, whose public address the
 * prize keeps. Retiring a prize takes it out of the prize lists and the draws, and restoring it
 * brings it back; a drawn prize is never retired, so its winners keep it and their claims.
 */
import type { PrizeRecord } from '@golf/shared/schemas/prize';
import type {
  OpsPrizeList,
  RetirePrizeBody,
  RetirePrizeResult,
  SavePrizeBody,
  SavePrizeResult,
} from '@golf/shared/schemas/ops';
import { formatTokyoDateTime } from '@golf/shared/game/format';
import { prizeRepository } from '../../db/repositories/prize-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { auditPut, auditRepository } from '../../db/repositories/audit-repository';
import { prizeDrawRepository } from '../../db/repositories/prize-draw-repository';
import { type PrizeStateRecord, prizeStateRepository } from '../../db/repositories/prize-state-repository';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { attachUploadedImage, publicUrl } from '../../lib/uploads';
import { auditOf, earlierAudit } from '../game/audit-entries';
import { stableEqual } from '../game/stable-equal';
import { prizeScope, scopeRefusal, stateWithoutDraw } from './prize-scope';

/** The stored id a prize's place gives it: one prize per ranks of a tournament (season), one entry prize per tournament. */
function prizeIdOf(body: SavePrizeBody, scope: string): string {
  if (body.kind === 'entry') return `entry-${scope}`;
  return `${body.kind}-${scope}-r${body.rank_from}-${body.rank_to}`;
}

const ranksText = (from: number, to: number) => (from === to ? `${from}位` : `${from}〜${to}位`);

/** The prizes of one tournament, or of one season's yearly prizes, out of a kind's list. */
const sameScope = (prize: PrizeRecord, of: Pick<PrizeRecord, 'kind' | 'game_global_id' | 'season_id'>) =>
  of.kind === 'yearly'
    ? prize.season_id === of.season_id && prize.game_global_id === null
    : prize.game_global_id === of.game_global_id;

/**
 * The scope's prizes as stored now (strongly consistent): those its kind's listing shows, and those
 * its state names, saved since and maybe not listed yet (the listing is an index that may lag).
 */
async function scopePrizes(
  listed: readonly PrizeRecord[],
  state: PrizeStateRecord,
  of: Pick<PrizeRecord, 'kind' | 'game_global_id' | 'season_id'>,
): Promise<PrizeRecord[]> {
  const ids = new Set([
    ...listed.filter((prize) => sameScope(prize, of)).map((prize) => prize.id),
    ...state.prize_ids,
  ]);
  return (await prizeRepository.getMany([...ids])).filter((prize) => sameScope(prize, of));
}

/** A prize still offered whose ranks overlap `ranks` (never the prize `id` itself). */
const overlapping = (
  siblings: readonly PrizeRecord[],
  id: string,
  ranks: { rank_from: number; rank_to: number },
) =>
  siblings.find(
    (prize) =>
      prize.id !== id &&
      !prize.retired_at &&
      prize.rank_from !== null &&
      prize.rank_to !== null &&
      prize.rank_from <= ranks.rank_to &&
      ranks.rank_from <= prize.rank_to,
  );

const overlapText = (prize: PrizeRecord) =>
  `${ranksText(prize.rank_from!, prize.rank_to!)}は「${prize.name}」の順位と重なっています。`;

export async function savePrize(
  body: SavePrizeBody,
  actor: { operatorId: string; now: Date },
): Promise<SavePrizeResult> {
  let seasonId = body.season_id;
  if (body.kind !== 'yearly') {
    const tournament = await tournamentRepository.get(body.game_global_id!);
    if (!tournament) throw validationFailed({ game_global_id: ['大会が見つかりませんでした。'] });
    seasonId = tournament.season_id;
  }
  const scope = body.kind === 'yearly' ? String(seasonId) : body.game_global_id!;
  const id = prizeIdOf(body, scope);
  const of = {
    kind: body.kind,
    game_global_id: body.kind === 'yearly' ? null : body.game_global_id!,
    season_id: seasonId!,
  };
  // Read before the ranks are checked, and written only if still the same: of two saves at once,
  // the second is refused rather than both passing a check that each alone would fail.
  const state = await stateWithoutDraw(prizeScope(of), actor.now);
  const sameKind = await prizeRepository.listByKind(body.kind);
  if (body.kind !== 'entry') {
    const siblings = await scopePrizes(sameKind, state, of);
    const taken = overlapping(siblings, id, { rank_from: body.rank_from!, rank_to: body.rank_to! });
    if (taken) throw validationFailed({ rank_from: [overlapText(taken)] });
  }
  const stored = await prizeRepository.get(id);
  // An uploaded image, once the rest is known to be valid; else the address given, else the stored one.
  const imageUrl =
    body.image_key !== undefined
      ? publicUrl(
          await attachUploadedImage({
            key: body.image_key,
            purpose: 'prize',
            userId: actor.operatorId,
            field: 'image_key',
          }),
        )
      : (body.image_url ?? stored?.image_url ?? '');
  const record: PrizeRecord = {
    id,
    kind: body.kind,
    name: body.name,
    description: body.description,
    image_url: imageUrl,
    value_yen: body.value_yen,
    winners_count: body.kind === 'entry' ? body.winners_count! : body.rank_to! - body.rank_from! + 1,
    rank_from: body.kind === 'entry' ? null : body.rank_from!,
    rank_to: body.kind === 'entry' ? null : body.rank_to!,
    game_global_id: body.kind === 'yearly' ? null : body.game_global_id!,
    season_id: seasonId!,
    // A new prize comes after the others of its kind; an edited one keeps its place.
    order: stored?.order ?? Math.max(-1, ...sameKind.map((prize) => prize.order)) + 1,
    // Editing a retired prize leaves it retired.
    ...(stored?.retired_at !== undefined && { retired_at: stored.retired_at }),
  };
  if (stableEqual(stored, record))
    return {
      prize: record,
      created: false,
      already_done: true,
      audit: await earlierAudit(prizeScope(record), 'save_prize'),
    };
  const audit = auditOf(actor, {
    action: 'save_prize',
    game_global_id: prizeScope(record),
    round: 0,
    reason: stored ? '賞品の変更' : '賞品の登録',
    before: stored ?? null,
    after: record,
    note: `${formatTokyoDateTime(actor.now)} 賞品「${record.name}」を${stored ? '変更しました' : '登録しました'}`,
  });
  const change = { now: actor.now.toISOString(), version: state.version, prizeId: id };
  if (
    !(await prizeRepository.put(record, [
      prizeStateRepository.change(prizeScope(record), change),
      auditPut(audit),
    ]))
  )
    throw await scopeRefusal(prizeScope(record), actor.now);
  return { prize: record, created: !stored, audit };
}

/** The latest audit entry of an action on this prize (what a repeated retire or restore answers with). */
async function earlierPrizeAudit(prize: PrizeRecord, action: 'retire_prize' | 'restore_prize') {
  const entries = await auditRepository.list(prizeScope(prize));
  return (
    entries
      .filter((entry) => entry.action === action && (entry.after as { id?: string } | null)?.id === prize.id)
      .sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id))[0] ?? null
  );
}

/**
 * Retires a prize (no longer offered: out of the prize lists and the draws) or restores it. A drawn
 * prize is refused (409): its winners keep it and their claims. A restored rank prize may not
 * overlap the ranks of a prize offered meanwhile (409). Asking for the state the prize is in
 * already writes nothing and answers `already_done` with the entry that put it there.
 */
export async function retirePrize(
  body: RetirePrizeBody,
  actor: { operatorId: string; now: Date },
): Promise<RetirePrizeResult> {
  const stored = await prizeRepository.get(body.prize_id);
  if (!stored) throw notFound('賞品が見つかりませんでした。');
  const action = body.retired ? 'retire_prize' : 'restore_prize';
  if ((stored.retired_at !== undefined) === body.retired)
    return { prize: stored, already_done: true, audit: await earlierPrizeAudit(stored, action) };
  const drawnRefusal = conflict(
    `「${stored.name}」は抽選済みのため、公開をやめられません。当選者が受け取れるよう、このまま公開します。`,
  );
  if (body.retired && (await prizeDrawRepository.getPrizeDraw(stored.id))) throw drawnRefusal;
  // A retire while the prize is drawn, or a restore beside a save of its ranks, is refused in the write.
  const scope = prizeScope(stored);
  const state = await stateWithoutDraw(scope, actor.now);
  if (!body.retired && stored.rank_from !== null && stored.rank_to !== null) {
    const siblings = await scopePrizes(await prizeRepository.listByKind(stored.kind), state, stored);
    const taken = overlapping(siblings, stored.id, { rank_from: stored.rank_from, rank_to: stored.rank_to });
    if (taken)
      throw conflict(
        `${overlapText(taken)}公開に戻すには、先に「${taken.name}」の公開をやめるか、順位を変えてください。`,
      );
  }
  const { retired_at: _retiredAt, ...offered } = stored;
  const record: PrizeRecord = body.retired ? { ...stored, retired_at: actor.now.toISOString() } : offered;
  const audit = auditOf(actor, {
    action,
    game_global_id: scope,
    round: 0,
    reason: body.retired ? '賞品の公開の停止' : '賞品の公開の再開',
    before: stored,
    after: record,
    note: `${formatTokyoDateTime(actor.now)} 賞品「${record.name}」の${body.retired ? '公開をやめました' : '公開を再開しました'}`,
  });
  // Retiring frees ranks, so only a restore needs the version it checked the ranks against.
  const change = { now: actor.now.toISOString(), ...(!body.retired && { version: state.version }) };
  if (
    !(await prizeRepository.putRetirement(record, stored, [
      prizeStateRepository.change(scope, change),
      auditPut(audit),
    ]))
  ) {
    if (body.retired && (await prizeDrawRepository.getPrizeDraw(stored.id))) throw drawnRefusal;
    throw await scopeRefusal(scope, actor.now);
  }
  return { prize: record, audit };
}

/** A tournament's game and entry prizes, then its season's yearly prizes, retired ones too, each with whether it was drawn. */
export async function listOpsPrizes(gameGlobalId: string): Promise<OpsPrizeList> {
  const tournament = await tournamentRepository.get(gameGlobalId);
  if (!tournament) throw notFound('大会が見つかりませんでした。');
  const [game, entry, yearly] = await Promise.all([
    prizeRepository.listByKind('game'),
    prizeRepository.listByKind('entry'),
    prizeRepository.listByKind('yearly'),
  ]);
  const prizes = [
    ...[...game, ...entry].filter((prize) => prize.game_global_id === gameGlobalId),
    ...yearly.filter((prize) => prize.season_id === tournament.season_id && prize.game_global_id === null),
  ];
  const draws = await Promise.all(prizes.map((prize) => prizeDrawRepository.getPrizeDraw(prize.id)));
  return { prizes: prizes.map((prize, i) => ({ ...prize, drawn: draws[i] !== null })) };
}

/**
 * Prizes set up by operators (docs/operations.md, A new season): a rank prize is named by its
 * tournament (or season, for a yearly prize) and its ranks, an entry prize by its tournament, so
 * saving the same prize again edits it instead of adding a second one. Ranks may not overlap another
 * prize of the same tournament or season. Each save writes an audit entry; saving what is stored
 * already writes nothing and answers `already_done`.
 */
import type { PrizeRecord } from '@golf/shared/schemas/prize';
import type { SavePrizeBody, SavePrizeResult } from '@golf/shared/schemas/ops';
import { formatTokyoDateTime } from '@golf/shared/game/format';
import { prizeRepository } from '../../db/repositories/prize-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { auditRepository } from '../../db/repositories/audit-repository';
import { validationFailed } from '../../lib/errors';
import { auditOf, earlierAudit } from '../game/audit-entries';
import { stableEqual } from '../game/stable-equal';

/** The stored id a prize's place gives it: one prize per ranks of a tournament (season), one entry prize per tournament. */
function prizeIdOf(body: SavePrizeBody, scope: string): string {
  if (body.kind === 'entry') return `entry-${scope}`;
  return `${body.kind}-${scope}-r${body.rank_from}-${body.rank_to}`;
}

const ranksText = (from: number, to: number) => (from === to ? `${from}位` : `${from}〜${to}位`);

/** The audit partition of a prize: its tournament's, or one per season for yearly prizes. */
const auditScope = (prize: PrizeRecord) => prize.game_global_id ?? `season-${prize.season_id}`;

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
  const sameKind = await prizeRepository.listByKind(body.kind);
  const siblings = sameKind.filter((prize) =>
    body.kind === 'yearly'
      ? prize.season_id === seasonId && prize.game_global_id === null
      : prize.game_global_id === body.game_global_id,
  );
  if (body.kind !== 'entry') {
    const overlapping = siblings.find(
      (prize) =>
        prize.id !== id &&
        prize.rank_from !== null &&
        prize.rank_to !== null &&
        prize.rank_from <= body.rank_to! &&
        body.rank_from! <= prize.rank_to,
    );
    if (overlapping)
      throw validationFailed({
        rank_from: [
          `${ranksText(overlapping.rank_from!, overlapping.rank_to!)}は「${overlapping.name}」の順位と重なっています。`,
        ],
      });
  }
  const stored = await prizeRepository.get(id);
  const record: PrizeRecord = {
    id,
    kind: body.kind,
    name: body.name,
    description: body.description,
    image_url: body.image_url ?? stored?.image_url ?? '',
    value_yen: body.value_yen,
    winners_count: body.kind === 'entry' ? body.winners_count! : body.rank_to! - body.rank_from! + 1,
    rank_from: body.kind === 'entry' ? null : body.rank_from!,
    rank_to: body.kind === 'entry' ? null : body.rank_to!,
    game_global_id: body.kind === 'yearly' ? null : body.game_global_id!,
    season_id: seasonId!,
    // A new prize comes after the others of its kind; an edited one keeps its place.
    order: stored?.order ?? Math.max(-1, ...sameKind.map((prize) => prize.order)) + 1,
  };
  if (stableEqual(stored, record))
    return {
      prize: record,
      created: false,
      already_done: true,
      audit: await earlierAudit(auditScope(record), 'save_prize'),
    };
  await prizeRepository.put(record);
  const audit = auditOf(actor, {
    action: 'save_prize',
    game_global_id: auditScope(record),
    round: 0,
    reason: stored ? '賞品の変更' : '賞品の登録',
    before: stored ?? null,
    after: record,
    note: `${formatTokyoDateTime(actor.now)} 賞品「${record.name}」を${stored ? '変更しました' : '登録しました'}`,
  });
  await auditRepository.put(audit);
  return { prize: record, created: !stored, audit };
}

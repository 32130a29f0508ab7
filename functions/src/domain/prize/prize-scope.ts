/**
 * The scope a prize belongs to: its tournament, or for a yearly prize its season. A scope's draws,
 * retires, restores, saves and claims exclude each other through one item, the scope's prize state
 * (docs/data-model.md, Prize draws and claims), and a scope's audit entries share a partition.
 */
import { formatTokyoDateTimeSeconds } from '@golf/shared/game/format';
import type { PrizeRecord } from '@golf/shared/schemas/prize';
import {
  type DrawLock,
  type PrizeStateRecord,
  prizeStateRepository,
} from '../../db/repositories/prize-state-repository';
import { conflict } from '../../lib/errors';

export const prizeScope = (prize: Pick<PrizeRecord, 'game_global_id' | 'season_id'>): string =>
  prize.game_global_id ?? `season-${prize.season_id}`;

/**
 * How long a draw holds its scope at most: far longer than an API function may run (10 s), so a
 * lock past it is a draw that died, and the next draw takes it over.
 */
export const DRAW_LOCK_MS = 2 * 60_000;

/** A draw under way refuses every other change of its scope's prizes (409). */
export const drawUnderWay = (lock: DrawLock | null) =>
  conflict(
    `この大会の賞品は、いま${lock?.redraw ? '再抽選' : '抽選'}しています` +
      `${lock ? `（${formatTokyoDateTimeSeconds(lock.taken_at)}に開始）` : ''}。` +
      '終わってから抽選結果を確認し、必要ならもう一度操作してください。',
  );

/** Another change of the scope's prizes came between the read and the write (409). */
const scopeChanged = () =>
  conflict('ほかの操作で賞品が変わりました。賞品の一覧を読み直して、もう一度操作してください。');

/** The scope's state, refused (409) while a draw holds it at `now`. */
export async function stateWithoutDraw(scope: string, now: Date): Promise<PrizeStateRecord> {
  const state = await prizeStateRepository.get(scope);
  if (state.lock && state.lock.expires_at > now.toISOString()) throw drawUnderWay(state.lock);
  return state;
}

/** Why a write conditioned on the scope's state was refused: a draw started, or another change came first. */
export async function scopeRefusal(scope: string, now: Date) {
  await stateWithoutDraw(scope, now);
  return scopeChanged();
}

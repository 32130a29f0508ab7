/**
 * The winners of a tournament's drawn prizes as CSV, for shipping: tournament, prize, rank, nickname,
 * the address the winner claimed with and when (Asia/Tokyo with its offset). A prize not drawn yet has
 * no rows; a winner who has not claimed has empty claim cells.
 */
import { formatTokyoIso } from '@golf/shared/game/format';
import type { CsvExport } from '@golf/shared/schemas/contact';
import { prizeDrawRepository } from '../../db/repositories/prize-draw-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { formatCsv } from '../../lib/csv-format';
import { notFound } from '../../lib/errors';
import { nicknames } from '../guild/guild-service';
import { tournamentPrizes } from '../prize/prize-draw-service';

const winnersCsvHeader = [
  'game_global_id',
  'tournament_name',
  'prize_id',
  'prize_name',
  'rank',
  'user_id',
  'nickname',
  'claim_email',
  'claimed_at',
  'won_at',
] as const;

export async function exportPrizeWinners(gameGlobalId: string): Promise<CsvExport> {
  const tournament = await tournamentRepository.get(gameGlobalId);
  if (!tournament) throw notFound(`大会 ${gameGlobalId} は登録されていません。`);
  const prizes = await tournamentPrizes(gameGlobalId);
  const rows: Array<Array<string | number | null>> = [];
  for (const prize of prizes) {
    const draw = await prizeDrawRepository.getPrizeDraw(prize.id);
    if (!draw) continue;
    const [wins, names] = await Promise.all([
      prizeDrawRepository.getPrizeWinsOf(prize.id, draw.winners),
      nicknames(draw.winners),
    ]);
    draw.winners.forEach((userId, index) => {
      const win = wins.get(userId);
      rows.push([
        gameGlobalId,
        tournament.tournament_name,
        prize.id,
        prize.name,
        (prize.rank_from ?? 1) + index,
        userId,
        names.get(userId)!.nickname,
        win?.claim_email ?? null,
        win?.claimed_at ? formatTokyoIso(win.claimed_at) : null,
        formatTokyoIso(win?.won_at ?? draw.drawn_at),
      ]);
    });
  }
  return { count: rows.length, csv: formatCsv(winnersCsvHeader, rows) };
}

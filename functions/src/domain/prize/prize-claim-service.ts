/** A winner's side of a prize: the prizes they won, and the claim (where to send the details). */
import { formatTokyoDateTime } from '@golf/shared/game/format';
import { prizeClaimDeadline, type WonPrize } from '@golf/shared/schemas/prize';
import { operatorName, siteName } from '@golf/shared/site';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { prizeRepository } from '../../db/repositories/prize-repository';
import { type PrizeWinRecord, prizeDrawRepository } from '../../db/repositories/prize-draw-repository';
import { prizeStateRepository } from '../../db/repositories/prize-state-repository';
import { conflict, notFound, refusal } from '../../lib/errors';
import { sendMail } from '../../adapters/mail';
import { prizeScope } from './prize-scope';

const notYours = () => notFound('この賞品は、あなたの当選した賞品ではありません。');

async function prizesById(wins: readonly PrizeWinRecord[]) {
  const kinds = [...new Set(wins.map((win) => win.kind))];
  const lists = await Promise.all(kinds.map((kind) => prizeRepository.listByKind(kind)));
  return new Map(lists.flat().map((prize) => [prize.id, prize]));
}

/**
 * A prize's winners are those its draw names: a win item that no draw names (its draw was never
 * committed, or a redraw replaced it) is no win.
 */
async function drawnWins(wins: readonly PrizeWinRecord[]) {
  const draws = new Map(
    await Promise.all(
      [...new Set(wins.map((win) => win.prize_id))].map(
        async (id) => [id, await prizeDrawRepository.getPrizeDraw(id)] as const,
      ),
    ),
  );
  return wins.filter((win) => draws.get(win.prize_id)?.winners.includes(win.user_id));
}

/** The signed-in user's prizes, newest win first, with their tournament and claim deadline. */
export async function listWonPrizes(userId: string): Promise<{ prizes: WonPrize[] }> {
  const wins = await drawnWins(await prizeDrawRepository.listPrizeWins(userId));
  const prizes = await prizesById(wins);
  const gameIds = [...new Set([...prizes.values()].flatMap((prize) => prize.game_global_id ?? []))];
  const tournaments = new Map(
    (await Promise.all(gameIds.map((id) => tournamentRepository.get(id)))).flatMap((record) =>
      record ? [[record.game_global_id, record.tournament_name] as const] : [],
    ),
  );
  return {
    prizes: wins
      .filter((win) => prizes.has(win.prize_id))
      .sort((a, b) => (a.won_at < b.won_at ? 1 : a.won_at > b.won_at ? -1 : 0))
      .map((win) => ({
        prize: prizes.get(win.prize_id)!,
        tournament_name: tournaments.get(prizes.get(win.prize_id)!.game_global_id ?? '') ?? null,
        won_at: win.won_at,
        claim_deadline_at: prizeClaimDeadline(win.won_at),
        claim:
          win.claimed_at && win.claim_email ? { email: win.claim_email, claimed_at: win.claimed_at } : null,
      })),
  };
}

const alreadyClaimed = () => refusal('prize_already_claimed');

/** The user's win of the prize, still open for a claim at `now`. */
async function openWin(userId: string, prizeId: string, now: Date) {
  const found = await prizeDrawRepository.getPrizeWin(userId, prizeId);
  const [win] = found ? await drawnWins([found]) : [];
  if (!win) throw notYours();
  if (win.claimed_at) throw alreadyClaimed();
  const deadline = prizeClaimDeadline(win.won_at);
  if (now.toISOString() >= deadline)
    throw conflict(`受け取り手続きの期限（${formatTokyoDateTime(deadline)}）を過ぎています。`);
  return win;
}

/** The confirm step: the prize must be the user's, not claimed yet and within its deadline; nothing is stored. */
export async function confirmPrizeClaim(userId: string, prizeId: string, email: string, now: Date) {
  await openWin(userId, prizeId, now);
  return { id: prizeId, email, claimed_at: null };
}

/** Stores the claim once, then mails the winner what happens next. */
export async function claimPrize(userId: string, prizeId: string, email: string, now: Date) {
  const win = await openWin(userId, prizeId, now);
  const [prize] = [(await prizesById([win])).get(prizeId)];
  if (!prize) throw notYours();
  const claimedAt = now.toISOString();
  // The write itself checks the deadline, that the prize's draw still names the user, and that no
  // draw of its tournament is under way: a claim racing a redraw is refused, never wiped by it.
  const refused = await prizeDrawRepository.claimPrizeWin(
    userId,
    prizeId,
    { email, at: claimedAt, wonAt: win.won_at, deadline: prizeClaimDeadline(win.won_at) },
    [prizeStateRepository.unlocked(prizeScope(prize), claimedAt)],
  );
  if (refused === 'draw') throw notYours();
  if (refused === 'also')
    throw conflict(
      'この大会の賞品をいま抽選しているため、受け取り手続きができませんでした。しばらくしてから、当選した賞品をもう一度確認してください。',
    );
  if (refused) throw alreadyClaimed();
  await sendMail(
    {
      to: email,
      subject: `【${siteName}】賞品の受け取り手続きを受け付けました`,
      text: [
        `${siteName}をご利用いただきありがとうございます。`,
        '',
        `当選された賞品「${prize.name}」の受け取り手続きを受け付けました。`,
        '発送の準備が整いしだい、このメールアドレスに発送のご案内をお送りします。',
        '',
        'このメールに心当たりがない場合は、お手数ですが破棄してください。',
        '',
        operatorName,
      ].join('\n'),
    },
    now,
  );
  return { id: prizeId, email, claimed_at: claimedAt };
}

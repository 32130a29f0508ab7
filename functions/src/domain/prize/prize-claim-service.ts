/** A winner's side of a prize: the prizes they won, and the claim (where to send the details). */
import type { WonPrize } from '@golf/shared/schemas/prize';
import { prizeRepository } from '../../db/repositories/prize-repository';
import {
  claimPrizeWin,
  getPrizeWin,
  listPrizeWins,
  type PrizeWinRecord,
} from '../../db/repositories/prize-draw-repository';
import { conflict, notFound } from '../../lib/errors';
import { sendMail } from '../../lib/mail';

const notYours = () => notFound('この賞品は、あなたの当選した賞品ではありません。');

async function prizesById(wins: readonly PrizeWinRecord[]) {
  const kinds = [...new Set(wins.map((win) => win.kind))];
  const lists = await Promise.all(kinds.map((kind) => prizeRepository.listByKind(kind)));
  return new Map(lists.flat().map((prize) => [prize.id, prize]));
}

/** The signed-in user's prizes, newest win first. */
export async function listWonPrizes(userId: string): Promise<{ prizes: WonPrize[] }> {
  const wins = await listPrizeWins(userId);
  const prizes = await prizesById(wins);
  return {
    prizes: wins
      .filter((win) => prizes.has(win.prize_id))
      .sort((a, b) => (a.won_at < b.won_at ? 1 : a.won_at > b.won_at ? -1 : 0))
      .map((win) => ({
        prize: prizes.get(win.prize_id)!,
        won_at: win.won_at,
        claim:
          win.claimed_at && win.claim_email ? { email: win.claim_email, claimed_at: win.claimed_at } : null,
      })),
  };
}

/** The confirm step: the prize must be the user's and not claimed yet; nothing is stored. */
export async function confirmPrizeClaim(userId: string, prizeId: string, email: string) {
  const win = await getPrizeWin(userId, prizeId);
  if (!win) throw notYours();
  if (win.claimed_at) throw conflict('この賞品の受け取り手続きは完了しています。');
  return { id: prizeId, email, claimed_at: null };
}

/** Stores the claim once, then mails the winner what happens next. */
export async function claimPrize(userId: string, prizeId: string, email: string, now: Date) {
  const win = await getPrizeWin(userId, prizeId);
  if (!win) throw notYours();
  const [prize] = [(await prizesById([win])).get(prizeId)];
  if (!prize) throw notYours();
  const claimedAt = now.toISOString();
  if (!(await claimPrizeWin(userId, prizeId, email, claimedAt)))
    throw conflict('この賞品の受け取り手続きは完了しています。');
  await sendMail(
    {
      to: email,
      subject: '【ゴルフドリームチーム】賞品の受け取り手続きを受け付けました',
      text: [
        'ゴルフドリームチームをご利用いただきありがとうございます。',
        '',
        `当選された賞品「${prize.name}」の受け取り手続きを受け付けました。`,
        '発送の準備が整いしだい、このメールアドレスに発送のご案内をお送りします。',
        '',
        'このメールに心当たりがない場合は、お手数ですが破棄してください。',
        '',
        'ゴルフドリームチーム運営事務局',
      ].join('\n'),
    },
    now,
  );
  return { id: prizeId, email, claimed_at: claimedAt };
}

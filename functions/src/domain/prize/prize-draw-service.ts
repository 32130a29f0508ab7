/**
 * Drawing a tournament's prizes once its results are final (docs/game-rules.md, Prizes and lottery): rank
 * prizes go to positions of the tie-broken tournament order, entry prizes to a seeded lottery among
 * the users who entered every round that was played. A prize already drawn is kept unless the
 * operator asks for a redraw, and a redraw is refused once a winner has claimed.
 */
import {
  decideRankPrize,
  tournamentTieBreakStats,
  type PrizeCandidate,
  type RankedCandidate,
} from '@golf/shared/game/prize';
import { formatTokyoDateTime } from '@golf/shared/game/format';
import { drawLottery, lotteryKey } from '@golf/shared/game/lottery';
import type { PrizeDrawResult, PrizeRecord } from '@golf/shared/schemas/prize';
import { randomUUID } from 'node:crypto';
import { auditPut } from '../../db/repositories/audit-repository';
import { prizeRepository } from '../../db/repositories/prize-repository';
import { type PrizeDrawRecord, prizeDrawRepository } from '../../db/repositories/prize-draw-repository';
import { type DrawLock, prizeStateRepository } from '../../db/repositories/prize-state-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { now as clockNow } from '../../lib/clock';
import { AppError, conflict, notFound } from '../../lib/errors';
import { auditOf, earlierAudit } from '../game/audit-entries';
import { frozenOrStoredTeams } from '../ranking/io/frozen-teams';
import { committedSeed, revealDrawSeed } from './draw-seed';
import { prizeEntrants, type PrizeEntrants } from './prize-entrants';
import { DRAW_LOCK_MS, drawUnderWay } from './prize-scope';

export interface DrawInput {
  gameGlobalId: string;
  redraw?: boolean | undefined;
  /** Draw even where a prize gets fewer winners than it offers (else 409 with the reasons). */
  acceptFewer?: boolean | undefined;
  operatorId: string;
  now: Date;
}

const unknownTournament = (gameGlobalId: string) => notFound(`大会 ${gameGlobalId} は登録されていません。`);

/** Everything a draw needs about one tournament's entrants, from their teams and the results. */
export async function tournamentEntrants(gameGlobalId: string, now: Date): Promise<PrizeEntrants> {
  const record = await tournamentRepository.get(gameGlobalId);
  if (!record) throw unknownTournament(gameGlobalId);
  const played = record.rounds.filter((round) => !round.cancelled);
  if (record.cancelled || played.length === 0) throw conflict('中止になった大会の賞品は抽選できません。');
  if (played.some((round) => round.results !== 'final'))
    throw new AppError(409, 'conflict', 'すべてのラウンドの結果が確定してから抽選してください。');

  const field = await tournamentRepository.field(gameGlobalId);
  const rounds = played.map((stored) => stored.round);
  // Every played round is final, so its teams are frozen: read from the object the ranking job
  // keeps (no team item), or from the table when the job has not kept it yet.
  const teams = await Promise.all(rounds.map((round) => frozenOrStoredTeams(record, round, now)));
  return prizeEntrants(record, field, rounds, teams, now);
}

/**
 * Everyone with a team and a tournament score, as a rank prize's tie-breaks before the lottery
 * compare them.
 */
export function rankCandidates(data: PrizeEntrants): RankedCandidate[] {
  return data.entrants.flatMap((entrant) =>
    entrant.score === null
      ? []
      : [
          {
            user_id: entrant.userId,
            score: entrant.score,
            ...tournamentTieBreakStats(entrant.lastTeam, data.playerTotals),
            last_saved_at: entrant.lastSavedAt,
          },
        ],
  );
}

function winnersOf(prize: PrizeRecord, seed: string, data: PrizeEntrants): string[] {
  if (prize.rank_from === null || prize.rank_to === null)
    return drawLottery(
      seed,
      prize.id,
      data.entrants.filter((entrant) => entrant.enteredEveryRound).map((entrant) => entrant.userId),
      prize.winners_count,
    );
  const candidates: PrizeCandidate[] = rankCandidates(data).map((candidate) => ({
    ...candidate,
    lottery_key: lotteryKey(seed, prize.id, candidate.user_id),
  }));
  const decision = decideRankPrize(candidates, { rank_from: prize.rank_from, rank_to: prize.rank_to }, true);
  return decision.kind === 'decided' ? decision.winners : [];
}

type Entrants = PrizeEntrants['entrants'];

/**
 * Why a prize gets `picked` winners out of the `winners_count` it offers (null when all). With no
 * entrant at all, the usual cause, teams never settled at the deadlines, is named.
 */
export function shortfallReason(prize: PrizeRecord, picked: number, entrants: Entrants): string | null {
  if (picked >= prize.winners_count) return null;
  const missing = `当選は${picked}人で、賞品の${prize.winners_count}人に${prize.winners_count - picked}人足りません。`;
  if (entrants.length === 0)
    return `この大会にチームのあるユーザーがいないため、${missing}締め切りの引き継ぎ（前のラウンドのチームの繰り越し）が実行されたか確認してください。`;
  if (prize.rank_from === null || prize.rank_to === null) {
    const everyRound = entrants.filter((entrant) => entrant.enteredEveryRound).length;
    return (
      `抽選の対象は全ラウンドにチームを出したユーザーです。対象は${everyRound}人` +
      `（いずれかのラウンドに参加したのは${entrants.length}人）のため、${missing}`
    );
  }
  return `${prize.rank_from}位から${prize.rank_to}位が対象ですが、大会の参加者は${entrants.length}人のため、${missing}`;
}

/**
 * The tournament's game and entry prizes still offered, in their listing order (none when it has
 * none). A retired prize is never shown nor drawn; a drawn one is never retired, so every drawn
 * prize is here.
 */
export async function prizesOfTournament(gameGlobalId: string): Promise<PrizeRecord[]> {
  const [game, entry] = await Promise.all([
    prizeRepository.listByKind('game'),
    prizeRepository.listByKind('entry'),
  ]);
  return [...game, ...entry].filter((prize) => prize.game_global_id === gameGlobalId && !prize.retired_at);
}

/** The tournament's game and entry prizes still offered, in their listing order (404 when it has none). */
export async function tournamentPrizes(gameGlobalId: string): Promise<PrizeRecord[]> {
  const prizes = await prizesOfTournament(gameGlobalId);
  if (prizes.length === 0) throw notFound('この大会の賞品はありません。');
  return prizes;
}

/**
 * A draw holds the tournament's draw lock from its first read to its commit: another draw, a
 * retire, a save and a claim of the tournament's prizes are refused meanwhile (409), so the draw it
 * reads is the one it replaces, and nothing it decided on changes before it writes.
 */
export async function drawTournamentPrizes(input: DrawInput): Promise<PrizeDrawResult> {
  // Only a tournament that exists gets a prize state.
  if (!(await tournamentRepository.get(input.gameGlobalId))) throw unknownTournament(input.gameGlobalId);
  const lock: DrawLock = {
    owner: randomUUID(),
    by: input.operatorId,
    redraw: input.redraw === true,
    taken_at: input.now.toISOString(),
    expires_at: new Date(input.now.getTime() + DRAW_LOCK_MS).toISOString(),
  };
  if (!(await prizeStateRepository.takeDrawLock(input.gameGlobalId, lock)))
    throw drawUnderWay((await prizeStateRepository.get(input.gameGlobalId)).lock);
  try {
    return await drawLocked(input, lock.owner);
  } finally {
    await prizeStateRepository.releaseDrawLock(input.gameGlobalId, lock.owner);
  }
}

/** A transaction holds at most 100 items: each drawn prize's draw and its check, the lock's, the audit. */
const MOST_PRIZES_PER_DRAW = 49;

async function drawLocked(input: DrawInput, lockOwner: string): Promise<PrizeDrawResult> {
  const prizes = await tournamentPrizes(input.gameGlobalId);
  const previous = new Map(
    await Promise.all(prizes.map(async (p) => [p.id, await prizeDrawRepository.getPrizeDraw(p.id)] as const)),
  );
  // Every prize drawn already and no redraw asked: nothing is drawn again; the answer says when and by whom.
  if (!input.redraw && prizes.every((prize) => previous.get(prize.id)))
    return {
      game_global_id: input.gameGlobalId,
      seed: previous.get(prizes[0]!.id)!.seed,
      prizes: prizes.map((prize) => ({
        prize_id: prize.id,
        kind: prize.kind,
        state: 'kept' as const,
        winners: previous.get(prize.id)!.winners.length,
      })),
      already_done: true,
      audit: await earlierAudit(input.gameGlobalId, 'draw_prizes'),
    };
  const data = await tournamentEntrants(input.gameGlobalId, input.now);
  const seed = await committedSeed(input.gameGlobalId, input.now);
  if (input.redraw) {
    for (const prize of prizes) {
      const draw = previous.get(prize.id);
      // Read under the lock, which every claim checks: a claim is either here or refused.
      const wins = await prizeDrawRepository.getPrizeWinsOf(prize.id, draw?.winners ?? []);
      if ([...wins.values()].some((win) => win.claimed_at))
        throw conflict(`${prize.name} は受け取り手続き済みの当選者がいるため、再抽選できません。`);
    }
  }

  const result: PrizeDrawResult = { game_global_id: input.gameGlobalId, seed, prizes: [] };
  const toDraw = prizes.filter((prize) => !previous.get(prize.id) || input.redraw);
  const drawn = new Map(toDraw.map((prize) => [prize.id, winnersOf(prize, seed, data)]));
  // A draw short of winners is decided before anything is written: nothing is drawn unless accepted.
  const shortfalls = new Map(
    toDraw.flatMap((prize) => {
      const reason = shortfallReason(prize, drawn.get(prize.id)!.length, data.entrants);
      return reason ? [[prize.id, reason] as const] : [];
    }),
  );
  if (shortfalls.size && !input.acceptFewer)
    throw new AppError(
      409,
      'conflict',
      '当選者が賞品の数より少なくなる賞品があります。理由を確認し、よければ少ない当選者のまま抽選することを選んで、もう一度抽選してください。',
      Object.fromEntries([...shortfalls].map(([id, reason]) => [id, [reason]])),
    );
  if (toDraw.length > MOST_PRIZES_PER_DRAW)
    throw conflict(`一度に抽選できる賞品は${MOST_PRIZES_PER_DRAW}件までです。`);
  const draws: Array<{ draw: PrizeDrawRecord; kind: PrizeRecord['kind'] }> = [];
  for (const prize of prizes) {
    const earlier = previous.get(prize.id);
    if (earlier && !input.redraw) {
      result.prizes.push({
        prize_id: prize.id,
        kind: prize.kind,
        state: 'kept',
        winners: earlier.winners.length,
      });
      continue;
    }
    const winners = drawn.get(prize.id)!;
    draws.push({
      draw: {
        prize_id: prize.id,
        game_global_id: input.gameGlobalId,
        seed,
        drawn_at: input.now.toISOString(),
        drawn_by: input.operatorId,
        winners,
      },
      kind: prize.kind,
    });
    const shortfall = shortfalls.get(prize.id);
    result.prizes.push({
      prize_id: prize.id,
      kind: prize.kind,
      state: 'drawn',
      winners: winners.length,
      ...(shortfall ? { shortfall } : {}),
    });
  }
  const drawnNow = result.prizes.filter((prize) => prize.state === 'drawn');
  const audit = auditOf(input, {
    action: 'draw_prizes',
    game_global_id: input.gameGlobalId,
    round: 0,
    reason: input.redraw ? '賞品の再抽選' : '賞品の抽選',
    before: null,
    after: { seed, prizes: drawnNow.map(({ prize_id, winners }) => ({ prize_id, winners })) },
    note: `${formatTokyoDateTime(input.now)} ${drawnNow.length}件の賞品を抽選しました（当選者 ${drawnNow.reduce((sum, prize) => sum + prize.winners, 0)}人）`,
  });
  await commitDraws(input.gameGlobalId, draws, previous, auditPut(audit), lockOwner);
  // Published once the winners are: a draw that committed nothing reveals no secret.
  await revealDrawSeed(input.gameGlobalId, seed, input.now);
  return { ...result, audit };
}

/**
 * All or nothing: the winners' items first, then every draw item in one transaction with its audit,
 * which holds only while each prize is still offered and the draw still holds the lock. Readers take
 * a prize's winners from its draw item, so until then nobody has won; the wins of earlier winners
 * not drawn again are removed after, still under the lock.
 */
async function commitDraws(
  gameGlobalId: string,
  draws: ReadonlyArray<{ draw: PrizeDrawRecord; kind: PrizeRecord['kind'] }>,
  previous: ReadonlyMap<string, PrizeDrawRecord | null>,
  audit: ReturnType<typeof auditPut>,
  lockOwner: string,
): Promise<void> {
  await prizeDrawRepository.putWins(draws);
  const committed = await prizeDrawRepository.commitDraws(
    draws.map(({ draw }) => draw),
    [
      ...draws.map(({ draw }) => prizeRepository.offered(draw.prize_id)),
      prizeStateRepository.drawCommit(gameGlobalId, lockOwner, clockNow().toISOString()),
      audit,
    ],
  );
  const unnamed = (draw: PrizeDrawRecord, named: readonly string[]) =>
    draw.winners.filter((userId) => !named.includes(userId));
  if (!committed) {
    // Nothing was drawn. Still holding the lock, a prize was retired before it was taken: the new
    // winners' items go again (earlier winners keep theirs). A lock run out (a draw that outlived
    // it) leaves them to any draw that took it over; no reader takes them for wins either way.
    const { lock } = await prizeStateRepository.get(gameGlobalId);
    if (lock?.owner !== lockOwner || lock.expires_at <= clockNow().toISOString())
      throw conflict(
        '抽選に時間がかかりすぎたため、何も抽選していません。抽選結果を確認してから、もう一度抽選してください。',
      );
    for (const { draw } of draws)
      await prizeDrawRepository.removeWins(
        draw.prize_id,
        unnamed(draw, previous.get(draw.prize_id)?.winners ?? []),
      );
    throw conflict(
      '抽選の間に賞品の公開がやめられたため、何も抽選していません。賞品の一覧を読み直して、もう一度抽選してください。',
    );
  }
  for (const { draw } of draws) {
    const earlier = previous.get(draw.prize_id);
    if (earlier) await prizeDrawRepository.removeWins(draw.prize_id, unnamed(earlier, draw.winners));
  }
}

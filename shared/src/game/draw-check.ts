/**
 * A player's check of a tournament's lottery from published values alone (docs/game-rules.md, 賞品;
 * server and scripts only, through draw-seed.ts and lottery.ts): each published secret against its
 * commitment, each draw's results digest against the public leaderboard, each seed against its secret
 * and digest, and each drawn prize's lottery winners against a re-run of the lottery.
 */
import type { DrawVerification } from '../schemas/prize';
import { drawCommitment, drawSeed, resultsDigest, type ResultRow } from './draw-seed';
import { drawLottery, lotteryOrder } from './lottery';

interface DrawCheck {
  /** What was checked, in the words the verification script prints. */
  what: string;
  ok: boolean;
}

export interface DrawCheckResult {
  ok: boolean;
  checks: DrawCheck[];
  /** Each drawn prize's winners as the re-run lottery picks them (a rank prize: the places the lottery decides). */
  rederived: Map<string, (string | null)[]>;
}

/**
 * `published`: the verification answer with every page's entrants in `entrants.user_ids`;
 * `leaderboard`: the rows of the public leaderboard of the tournament.
 */
export function checkDraw(published: DrawVerification, leaderboard: readonly ResultRow[]): DrawCheckResult {
  const checks: DrawCheck[] = [];
  const check = (what: string, ok: boolean) => checks.push({ what, ok });
  const commitments = published.draw_commitments;
  commitments.forEach((entry, index) => {
    if (entry.secret !== null)
      check(
        `秘密の値${index + 1}のSHA-256が、事前に公開した値と一致する`,
        drawCommitment(entry.secret) === entry.commitment,
      );
  });
  const digest = resultsDigest(published.game_global_id, leaderboard);
  const rederived = new Map<string, (string | null)[]>();
  for (const prize of published.prizes) {
    if (prize.seed === null) continue;
    const draw = published.draws.find((entry) => entry.seed === prize.seed);
    const secret = draw ? commitments[draw.secret_index]?.secret : null;
    check(`${prize.prize_id}: シード値が公開された抽選のものである`, draw !== undefined);
    if (!draw || !secret) {
      check(`${prize.prize_id}: シード値の秘密の値が公開されている`, false);
      continue;
    }
    check(
      `${prize.prize_id}: 大会結果のダイジェストが公開中の結果と一致する`,
      draw.results_digest === digest,
    );
    check(
      `${prize.prize_id}: シード値 = SHA-256(秘密の値, 結果のダイジェスト)`,
      drawSeed(secret, draw.results_digest) === prize.seed,
    );
    if (prize.rank_from === null || prize.rank_to === null) {
      const winners = drawLottery(
        prize.seed,
        prize.prize_id,
        published.entrants.user_ids,
        prize.winners_count,
      );
      rederived.set(prize.prize_id, winners);
      check(
        `${prize.prize_id}: 参加者${published.entrants.user_ids.length}人の抽選をやり直すと、同じ当選者${winners.length}人になる`,
        winners.length === prize.winners.length && winners.every((userId, i) => prize.winners[i] === userId),
      );
      continue;
    }
    // A rank prize: the lottery orders only the candidates tied through every tie-break before it.
    const places: (string | null)[] = prize.winners.map(() => null);
    for (const tie of prize.ties)
      lotteryOrder(prize.seed, prize.prize_id, tie.user_ids).forEach((userId, i) => {
        const index = tie.first_place + i - prize.rank_from!;
        if (index >= 0 && index < places.length) places[index] = userId;
      });
    rederived.set(prize.prize_id, places);
    check(
      `${prize.prize_id}: 同点で抽選になった順位の当選者が、抽選をやり直した結果と一致する`,
      places.every((userId, i) => userId === null || prize.winners[i] === userId),
    );
  }
  if (!published.prizes.some((prize) => prize.seed !== null))
    check('この大会の賞品は、まだ抽選されていません', false);
  return { ok: checks.every((entry) => entry.ok), checks, rederived };
}

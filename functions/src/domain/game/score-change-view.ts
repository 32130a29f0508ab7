/**
 * Why my score moved (round page and my page): the player's change records of a tournament or one
 * round, newest first, with the players' names, and the player's SCORE rank in the published ranking
 * now. One query of the player's own items, the field and the player's rank item: never a scan.
 */
import type { ScoreChangesView } from '@golf/shared/schemas/score-changes';
import { scoreChangeRepository } from '../../db/repositories/score-change-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { ownRanking } from '../ranking/read/ranking-read';
import { resolveTournament } from './tournament-context';

export async function scoreChangesView(
  userId: string,
  query: { game_global_id?: string | undefined; round?: number | undefined },
  now: Date,
): Promise<ScoreChangesView> {
  const record = await resolveTournament(query.game_global_id, now);
  const gameGlobalId = record.game_global_id;
  const [changes, field, own] = await Promise.all([
    scoreChangeRepository.list(userId, gameGlobalId, query.round),
    tournamentRepository.field(gameGlobalId),
    ownRanking(userId, { game_global_id: gameGlobalId, round: query.round }, now),
  ]);
  const names = new Map(field.map((entry) => [entry.player_id, entry.name]));
  const score = own.rankings.find((row) => row.type === 1);
  return {
    game_global_id: gameGlobalId,
    changes: changes
      .sort((a, b) => b.at.localeCompare(a.at) || b.round - a.round || b.id.localeCompare(a.id))
      .map((change) => ({
        id: change.id,
        round: change.round,
        at: change.at,
        cause: change.cause,
        reason: change.reason,
        note: change.note,
        before: change.before,
        after: change.after,
        replaced: change.replaced.map((r) => ({
          slot: r.slot,
          from_name: r.from === null ? null : (names.get(r.from) ?? r.from),
          to_name: names.get(r.to) ?? r.to,
        })),
      })),
    rank: score?.rank ?? null,
    rank_provisional: own.is_provisional,
  };
}

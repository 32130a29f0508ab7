/**
 * The live round call: the field's state in a round, its projected cut line and the published
 * board's score distribution. The same for everyone, so the CDN keeps it; its reads (the tournament,
 * the field, the ranking pointer and one board index) do not grow with the number of players.
 */
import { cutPending, cutRuleOf, projectedCutLine } from '@golf/shared/game/live-round';
import { resultFromFieldEntry } from '@golf/shared/game/scoring';
import { roundStatus } from '@golf/shared/schedule/derive-schedule';
import type { LiveRound } from '@golf/shared/schemas/live-round';
import type { RoundNumber } from '@golf/shared/schemas/schedule';
import { personalBoard, rankingRepository } from '../../db/repositories/ranking-pages/ranking-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { buildLeaderboard } from '../leaderboard';
import { indexTournamentRound } from './team-scoring';
import { resolveTournament } from './tournament-context';

/** The published SCORE board of a round scope; empty before the round's first snapshot. */
async function publishedBoard(gameGlobalId: string, round: number): Promise<LiveRound['board']> {
  const pointer = await rankingRepository.getPointer(gameGlobalId);
  const scope = pointer?.scopes[String(round)];
  if (!pointer || !scope)
    return { snapshot_id: pointer?.snapshot_id ?? null, is_provisional: true, values: [], counts: [] };
  const index = await rankingRepository.readBoardIndex(
    scope.snapshot_id ?? pointer.snapshot_id,
    round,
    personalBoard(1),
  );
  return {
    snapshot_id: pointer.snapshot_id,
    is_provisional: scope.provisional,
    values: [...(index?.values ?? [])],
    counts: [...(index?.counts ?? [])],
  };
}

export async function liveRound(input: {
  gameGlobalId: string | undefined;
  round: number;
  now: Date;
}): Promise<LiveRound> {
  const record = await resolveTournament(input.gameGlobalId, input.now);
  const round = input.round as RoundNumber;
  const [field, board] = await Promise.all([
    tournamentRepository.field(record.game_global_id),
    publishedBoard(record.game_global_id, round),
  ]);
  const status = roundStatus(record.rounds[round - 1]!, input.now);
  // Totals and positions over this round and the earlier ones that were played (not cancelled).
  const counted = new Set(record.rounds.filter((r) => r.round <= round && !r.cancelled).map((r) => r.round));
  const leaderboard = buildLeaderboard(field, counted);
  const byId = new Map(field.map((entry) => [entry.player_id, entry]));
  const rule = cutRuleOf(record);
  let cut: LiveRound['cut'] = null;
  if (cutPending(rule, round)) {
    const totals = leaderboard
      .filter((row) => row.status === 'active' && row.total_to_par !== null)
      .map((row) => row.total_to_par!);
    const line = projectedCutLine(totals, rule.top);
    cut = {
      ...rule,
      projected: record.rounds[rule.after_round - 1]!.results !== 'final',
      line_to_par: line,
      inside: line === null ? 0 : totals.filter((total) => total <= line).length,
    };
  }
  return {
    game_global_id: record.game_global_id,
    tournament_name: record.tournament_name,
    round,
    status,
    is_live: !record.cancelled && (status === 'locked' || status === 'provisional'),
    penalty: indexTournamentRound(record, field, round, input.now).penalty,
    cut,
    players: leaderboard.map((row) => {
      const entry = byId.get(row.player_id)!;
      const result = entry.rounds[round - 1];
      return {
        player_id: row.player_id,
        name: row.name,
        position: row.position,
        status: resultFromFieldEntry(entry, round)?.status ?? 'active',
        to_par: result?.to_par ?? null,
        thru: result ? result.thru : null,
        completed: result?.completed ?? false,
        total_to_par: row.total_to_par,
      };
    }),
    board,
  };
}

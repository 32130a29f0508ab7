/**
 * What a results import would change, for its dry run: each player whose stored result or status
 * differs from the file's row (before and after), and per round how many saved teams hold one of
 * them. Read only; the import itself (import-service.ts) validates the file first.
 */
import type { ResultsPreview } from '@golf/shared/schemas/ops';
import { teamRepository } from '../../db/repositories/team-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { parseResultsFile, type ImportFormat } from '../game/import-service';
import { stableEqual } from '../game/stable-equal';

export async function previewResultsImport(format: ImportFormat, content: string): Promise<ResultsPreview> {
  const { gameGlobalId, rows } = parseResultsFile(format, content);
  const field = new Map((await tournamentRepository.field(gameGlobalId)).map((e) => [e.player_id, e]));
  const players: ResultsPreview['players'] = [];
  for (const row of rows) {
    const entry = field.get(row.player_id);
    if (!entry) continue;
    const stored = entry.rounds[row.round - 1];
    const before = stored
      ? { strokes: stored.strokes, to_par: stored.to_par, thru: stored.thru, status: entry.status }
      : null;
    const after = { strokes: row.strokes, to_par: row.to_par, thru: row.thru, status: row.status };
    const countsChanged =
      !stored ||
      stored.birdies !== row.birdies ||
      stored.eagles !== row.eagles ||
      stored.bogeys !== row.bogeys;
    if (stableEqual(before, after) && !countsChanged) continue;
    players.push({ player_id: row.player_id, name: entry.name, round: row.round, before, after });
  }
  const rounds = [...new Set(players.map((p) => p.round))].sort((a, b) => a - b);
  const teams_affected = await Promise.all(
    rounds.map(async (round) => {
      const changed = new Set(players.filter((p) => p.round === round).map((p) => p.player_id));
      const teams = await teamRepository.listRound(gameGlobalId, round);
      return {
        round,
        teams: teams.filter((team) => team.picks.some((pick) => changed.has(pick.player_id))).length,
      };
    }),
  );
  return { players, teams_affected };
}

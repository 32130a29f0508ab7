/**
 * Sample teams: the 300 sample users (`sample-user-0001`..`0300`) in the season's past tournaments
 * and in the current one up to its latest passed deadline: hand-picked, AI-selected and carried-over
 * teams, some rounds skipped, with the round scores the results import would have written. The
 * documented player also has a live team for the round open for picks.
 */
import {
  pickTeam,
  replaceIneligible,
  type AiMode,
  type PlayerStats,
} from '../../shared/src/game/ai-selection';
import type { DraftSlot, TeamPick } from '../../shared/src/game/team';
import type { FieldEntryRecord } from '../../shared/src/schedule/tournament-record';
import type { TeamSource } from '../../shared/src/schemas/game';
import { teamItem, type TeamRecord } from '../../functions/src/db/repositories/team-repository';
import { aiStats } from '../../functions/src/domain/game/players';
import type { SampleSeason } from './generate';
import { SeededRandom } from './random';

export const SAMPLE_USER_COUNT = 300;
export const sampleUserId = (n: number) => `sample-user-${String(n).padStart(4, '0')}`;

const modes: AiMode[] = ['condition', 'stability', 'chance'];

/** Players who could be picked at the round's deadline: those who started it, or all still eligible. */
function eligibleAtDeadline(field: FieldEntryRecord[], round: number): FieldEntryRecord[] {
  return field.filter((entry) => {
    if (entry.rounds[round - 1] !== null) return true;
    if (entry.status === 'active') return true;
    return entry.status === 'cut' && round <= 2;
  });
}

function sampleTeams(season: SampleSeason, now: Date): TeamRecord[] {
  const random = new SeededRandom(20261105);
  const profiles = new Map(season.players.map((p) => [p.player_id, p]));
  const teams: TeamRecord[] = [];
  for (const record of season.tournaments) {
    const field = season.fields.filter((e) => e.game_global_id === record.game_global_id);
    const previous = new Map<string, TeamRecord>();
    // Every 10th user never plays; the others enter about 60% of the tournaments.
    const entrants = new Set<number>();
    for (let n = 1; n <= SAMPLE_USER_COUNT; n++) if (n % 10 !== 0 && random.next() < 0.6) entrants.add(n);
    for (const stored of record.rounds) {
      if (Date.parse(stored.deadline_at) > now.getTime()) break;
      const eligible = eligibleAtDeadline(field, stored.round);
      const stats: PlayerStats[] = eligible.map((entry) =>
        aiStats(entry, profiles.get(entry.player_id), stored.round),
      );
      const byStrength = [...eligible].sort(
        (a, b) => profiles.get(a.player_id)!.skill - profiles.get(b.player_id)!.skill,
      );
      for (let n = 1; n <= SAMPLE_USER_COUNT; n++) {
        const userId = sampleUserId(n);
        // An entrant skips about one round in ten.
        if (!entrants.has(n) || random.next() < 0.1) continue;
        const before = previous.get(userId);
        const roll = random.next();
        let playerIds: string[];
        let source: TeamSource;
        let auto = false;
        let savedAt = new Date(Date.parse(stored.deadline_at) - random.int(1, 60) * 3600_000).toISOString();
        if (before && roll < 0.25) {
          playerIds = replaceIneligible(
            before.picks.map((p) => p.player_id),
            stats,
          );
          source = 'carry_over';
          auto = true;
          savedAt = stored.deadline_at;
        } else if (roll < 0.45) {
          const mode = random.pick(modes);
          playerIds = pickTeam(mode, stats);
          source = `ai:${mode}` as TeamSource;
          auto = true;
        } else {
          const pool = byStrength.slice(0, 50);
          playerIds = random
            .shuffle(pool)
            .slice(0, 4)
            .map((e) => e.player_id);
          source = 'manual';
        }
        const picks: TeamPick[] = playerIds.map((player_id, i) => ({
          slot: (i + 1) as DraftSlot,
          player_id,
          auto,
        }));
        const team: TeamRecord = {
          game_global_id: record.game_global_id,
          round: stored.round,
          user_id: userId,
          picks,
          source,
          last_saved_at: savedAt,
          version: 1,
        };
        teams.push(team);
        previous.set(userId, team);
      }
    }
  }
  return [...teams, ...samplePlayerTeams(season, now, teams)];
}

/**
 * The documented player (`sample-user-0001`) is complete in the current tournament: a team in every
 * round played so far (carried over where the draw above skipped him) and a live team saved for the
 * round open for picks, so every screen has something of his own to show on first start. Drawn
 * apart from the other users, whose teams stay as they were.
 */
function samplePlayerTeams(season: SampleSeason, now: Date, teams: TeamRecord[]): TeamRecord[] {
  const userId = sampleUserId(1);
  const current = season.tournaments.find(
    (record) =>
      record.rounds.some((round) => Date.parse(round.deadline_at) <= now.getTime()) &&
      record.rounds.some((round) => Date.parse(round.deadline_at) > now.getTime()),
  );
  if (!current) return [];
  const field = season.fields.filter((e) => e.game_global_id === current.game_global_id);
  const random = new SeededRandom(20261127);
  const added: TeamRecord[] = [];
  let before: TeamRecord | undefined;
  for (const stored of current.rounds) {
    const own = teams.find(
      (team) =>
        team.game_global_id === current.game_global_id &&
        team.round === stored.round &&
        team.user_id === userId,
    );
    if (own) {
      before = own;
      continue;
    }
    const open = Date.parse(stored.deadline_at) > now.getTime();
    const eligible = eligibleAtDeadline(field, stored.round);
    const eligibleIds = new Set(eligible.map((entry) => entry.player_id));
    const kept = before?.picks.map((pick) => pick.player_id).filter((id) => eligibleIds.has(id)) ?? [];
    const playerIds = [
      ...kept,
      ...random
        .shuffle(eligible.filter((entry) => !kept.includes(entry.player_id)))
        .slice(0, 4 - kept.length)
        .map((entry) => entry.player_id),
    ];
    const team: TeamRecord = {
      game_global_id: current.game_global_id,
      round: stored.round,
      user_id: userId,
      picks: playerIds.map((player_id, i) => ({ slot: (i + 1) as DraftSlot, player_id, auto: false })),
      source: 'manual',
      // The live team was saved an hour ago; a played round's before its deadline.
      last_saved_at: new Date(
        (open ? now.getTime() : Date.parse(stored.deadline_at)) - 3_600_000,
      ).toISOString(),
      version: 1,
    };
    added.push(team);
    before = team;
    // One live team: the rounds after the open one are not open for picks yet.
    if (open) break;
  }
  return added;
}

/** The sample season's team items (rankings score them from the field, as they do every team). */
export function sampleTeamItems(season: SampleSeason, now: Date): Record<string, unknown>[] {
  return sampleTeams(season, now).map(teamItem);
}

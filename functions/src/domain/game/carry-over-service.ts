/**
 * Settles teams at each passed round deadline (docs/game-rules.md, Teams and carry-over): copies round n's team to round
 * n+1 for users with `is_copy_next_round` on and no saved team (every copied pick `auto`), and in
 * every team replaces players who are no longer eligible (and fills empty slots) with the AI
 * `condition` pick, marked `auto`. Runs on a timer (jobs/carry-over.ts) and from `npm run ops -- carry-over`.
 *
 * Everything is decided as of the round's deadline instant, never as of when the job runs: the
 * statuses recorded before the deadline decide eligibility (a withdrawal recorded after it scores the
 * penalty, never swapped in), the copy setting is read as it was then, and a carried or replaced
 * team's last save is the deadline itself. A job that runs late or twice gives the same teams; a
 * round is marked settled once done and skipped by later runs (until its deadline moves), and a
 * final round is never settled.
 */
import { settleTeamAtDeadline } from '@golf/shared/game/carry-over';
import { isBeforeDeadline } from '@golf/shared/game/lock';
import type { RoundTeam, TeamPick } from '@golf/shared/game/team';
import type { RoundNumber } from '@golf/shared/schemas/schedule';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { userRepository } from '../../db/repositories/user-repository';
import { teamRepository, type TeamRecord } from '../../db/repositories/team-repository';
import { scoreChangeRepository, type ScoreChangeRecord } from '../../db/repositories/score-change-repository';
import { rankingStateRepository } from '../../db/repositories/ranking-state-repository';
import { loadRoundContext, resolveTournament } from './tournament-context';
import { logger } from '../../lib/logger';

const EMPTY_SLOT = '';

/** Why my score moved: the AUTO players a settlement put on a team (the whole team when copied). */
export function settlementChange(
  settled: TeamRecord,
  own: TeamRecord | undefined,
  carried: boolean,
  deadline: string,
): ScoreChangeRecord {
  const replaced = settled.picks.flatMap((pick) => {
    const was = own?.picks.find((p) => p.slot === pick.slot);
    if (!carried && was?.player_id === pick.player_id) return [];
    return [{ slot: pick.slot, from: carried ? null : (was?.player_id ?? null), to: pick.player_id }];
  });
  return {
    game_global_id: settled.game_global_id,
    round: settled.round,
    user_id: settled.user_id,
    id: `settle-${deadline}`,
    at: deadline,
    cause: carried ? 'carry_over' : 'auto_replacement',
    reason: null,
    note: carried
      ? `第${settled.round}ラウンドのチームを前のラウンドから引き継ぎました`
      : `第${settled.round}ラウンドの締め切りの時点で出場できない選手を入れ替えました`,
    before: null,
    after: null,
    replaced,
  };
}

const asRoundTeam = (team: TeamRecord): RoundTeam => ({
  round: team.round as RoundNumber,
  // An empty slot is an ineligible placeholder, so the settlement fills it like a withdrawn player.
  picks: ([1, 2, 3, 4] as const).map(
    (slot): TeamPick =>
      team.picks.find((p) => p.slot === slot) ?? { slot, player_id: EMPTY_SLOT, auto: true },
  ),
  last_saved_at: team.last_saved_at,
});

/** The users' teams of the rounds before `round`, as a copy reads them: a cancelled round's saves overlay the round before. */
function teamsToCopy(
  teamsByRound: ReadonlyMap<number, TeamRecord[]>,
  cancelled: ReadonlySet<number>,
  round: number,
) {
  const byUser = new Map<string, TeamRecord>();
  let first = round - 1;
  while (first > 1 && cancelled.has(first)) first--;
  for (let r = first; r < round; r++) {
    for (const team of teamsByRound.get(r) ?? []) if (team.picks.length) byUser.set(team.user_id, team);
  }
  return byUser;
}

export async function runCarryOver(options: { now: Date; gameGlobalId?: string }) {
  const record = await resolveTournament(options.gameGlobalId, options.now);
  const nowIso = options.now.toISOString();
  const summary: Array<{ round: number; carried: number; replaced: number }> = [];
  if (record.cancelled) return { game_global_id: record.game_global_id, rounds: summary };
  const passed = record.rounds.filter((stored) => !isBeforeDeadline(nowIso, stored.deadline_at));
  // A final round's teams are frozen: it is never settled again, even if no run settled it in time.
  const toSettle = passed.filter(
    (stored) => !stored.cancelled && !stored.settled_at && stored.results !== 'final',
  );
  const cancelled = new Set(record.rounds.filter((r) => r.cancelled).map((r) => r.round));
  const teamsByRound = new Map<number, TeamRecord[]>();
  const teamsOf = async (round: number) => {
    if (!teamsByRound.has(round))
      teamsByRound.set(round, await teamRepository.listRound(record.game_global_id, round));
    return teamsByRound.get(round)!;
  };
  for (const stored of toSettle) {
    const deadline = stored.deadline_at;
    for (let r = 1; r <= stored.round; r++) await teamsOf(r);
    const teams = teamsByRound.get(stored.round)!;
    const context = await loadRoundContext(record, stored.round, { asOf: deadline });
    const saved = new Map(teams.map((t) => [t.user_id, t]));
    const previous = teamsToCopy(teamsByRound, cancelled, stored.round);
    const users = new Set([...saved.keys(), ...previous.keys()]);
    let carried = 0;
    let replaced = 0;
    const changes: ScoreChangeRecord[] = [];
    for (const userId of [...users].sort()) {
      const own = saved.get(userId);
      const before = previous.get(userId);
      const hasPicks = Boolean(own?.picks.length);
      if (!hasPicks && !(before && (await userRepository.copyNextRound(userId, deadline)))) continue;
      let outcome;
      try {
        outcome = settleTeamAtDeadline({
          round: stored.round as RoundNumber,
          saved: hasPicks ? asRoundTeam(own!) : null,
          previous: before ? asRoundTeam(before) : null,
          copyNextRound: true,
          eligiblePlayers: context.eligible,
          deadlineIso: deadline,
        });
      } catch (error) {
        logger.error('carry-over could not fill a team', {
          userId,
          round: stored.round,
          error: String(error),
        });
        continue;
      }
      if (outcome.kind === 'none' || (outcome.kind === 'saved' && !outcome.changed)) continue;
      const team: TeamRecord = {
        game_global_id: record.game_global_id,
        round: stored.round,
        user_id: userId,
        picks: [...outcome.team.picks],
        source: outcome.kind === 'carried' ? 'carry_over' : own!.source,
        last_saved_at: outcome.team.last_saved_at,
        version: 0,
      };
      const written = await teamRepository.putIfUnchanged(team, own?.version ?? 0);
      if (written && outcome.kind === 'carried') carried++;
      if (written && outcome.kind === 'saved') replaced++;
      if (written) changes.push(settlementChange(team, own, outcome.kind === 'carried', deadline));
      saved.set(userId, { ...team, version: (own?.version ?? 0) + 1 });
    }
    teamsByRound.set(stored.round, [...saved.values()]);
    await scoreChangeRepository.write(changes);
    await tournamentRepository.markRoundSettled(record.game_global_id, stored.round, nowIso);
    summary.push({ round: stored.round, carried, replaced });
  }
  if (summary.some((s) => s.carried || s.replaced)) {
    // The ranking job scores the settled teams and publishes them on its next run.
    await rankingStateRepository.markStale(record.game_global_id, options.now);
  }
  return { game_global_id: record.game_global_id, rounds: summary };
}

/**
 * Settles teams at each passed round deadline (docs/game-rules.md, Teams and carry-over): copies round n's team to round
 * n+1 for users with `is_copy_next_round` on and no saved team (every copied pick `auto`), and in
 * every team replaces players who are no longer eligible (and fills empty slots) with the AI
 * `condition` pick, marked `auto`. Runs on a timer (jobs/carry-over.ts), for every tournament with a
 * passed deadline, and for one tournament from `npm run ops -- carry-over` and a forced deadline.
 *
 * Everything is decided as of the round's deadline instant, never as of when the job runs: the
 * statuses recorded before the deadline decide eligibility (a withdrawal recorded after it scores the
 * penalty, never swapped in), the copy setting is read as it was then, and a carried or replaced
 * team's last save is the deadline itself. A job that runs late or twice gives the same teams; a
 * round is marked settled once done and skipped by later runs (until its deadline moves), and a
 * final round is never settled. Each user's team is settled by the step the views run too
 * (settled-team.ts `settleUserTeam`): until a run has stored a round's settlement, the views settle
 * its teams on read, so what a run stores is what every view already showed.
 */
import { awaitsSettlement, roundsCopiedFrom, settlementDue } from '@golf/shared/game/carry-over';
import type { TournamentRecord } from '@golf/shared/schedule/tournament-record';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { teamRepository, type TeamRecord } from '../../db/repositories/team-repository';
import { scoreChangeRepository, type ScoreChangeRecord } from '../../db/repositories/score-change-repository';
import { rankingStateRepository } from '../../db/repositories/ranking-state-repository';
import { cancelledRounds, settleUserTeam } from './settled-team';
import { loadRoundContext, resolveTournament } from './tournament-context';
import { errorText, logger } from '../../lib/logger';

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

/** The users' teams a copy into `round` reads: each user's last team with picks of `roundsCopiedFrom`. */
function teamsToCopy(
  teamsByRound: ReadonlyMap<number, TeamRecord[]>,
  cancelled: ReadonlySet<number>,
  round: number,
) {
  const byUser = new Map<string, TeamRecord>();
  for (const r of roundsCopiedFrom(cancelled, round))
    for (const team of teamsByRound.get(r) ?? []) if (team.picks.length) byUser.set(team.user_id, team);
  return byUser;
}

/**
 * The operator's carry-over (`npm run ops -- carry-over`, a forced deadline): the tournament given,
 * else the current one.
 */
export async function runCarryOver(options: { now: Date; gameGlobalId?: string }) {
  return settleTournament(await resolveTournament(options.gameGlobalId, options.now), options.now);
}

/**
 * The scheduled run: every published tournament with a round awaiting settlement once its grace
 * (`SETTLEMENT_GRACE_MS`, for saves judged by their arrival receipts) has run out, whatever else is
 * in progress (two tours' events overlap). One query of the tournament listing finds them; each is
 * then settled from its own item, read afresh, so a deadline moved since the listing was read (an
 * index answers eventually) is honoured. A tournament that fails is logged and does not hold back
 * the others; the run then fails, and the next one tries it again.
 */
export async function settlePassedDeadlines(options: { now: Date }) {
  const nowIso = options.now.toISOString();
  const due = (await tournamentRepository.list()).filter((listed) =>
    listed.rounds.some((stored) => settlementDue(stored, listed.cancelled, nowIso)),
  );
  const tournaments: Array<Awaited<ReturnType<typeof settleTournament>>> = [];
  const failed: unknown[] = [];
  for (const listed of due) {
    try {
      const record = await tournamentRepository.get(listed.game_global_id);
      if (record) tournaments.push(await settleTournament(record, options.now, settlementDue));
    } catch (error) {
      logger.error('settlement failed', { game_global_id: listed.game_global_id, error: errorText(error) });
      failed.push(error);
    }
  }
  if (failed.length) throw new AggregateError(failed, `${failed.length} tournament(s) not settled`);
  return { tournaments };
}

/** Settles the rounds `due` picks: every round awaiting settlement for an operator's run. */
async function settleTournament(record: TournamentRecord, now: Date, due = awaitsSettlement) {
  const nowIso = now.toISOString();
  const summary: Array<{ round: number; carried: number; replaced: number }> = [];
  if (record.cancelled) return { game_global_id: record.game_global_id, rounds: summary };
  // A final round's teams are frozen: it is never settled again, even if no run settled it in time.
  const toSettle = record.rounds.filter((stored) => due(stored, record.cancelled, nowIso));
  const cancelled = cancelledRounds(record);
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
      const settled = await settleUserTeam({
        record,
        round: stored.round,
        userId,
        own,
        previous: previous.get(userId),
        eligible: async () => context.eligible,
      });
      if (!settled) continue;
      const written = await teamRepository.putIfUnchanged(settled.team, own?.version ?? 0);
      if (written && settled.carried) carried++;
      if (written && !settled.carried) replaced++;
      if (written) changes.push(settlementChange(settled.team, own, settled.carried, deadline));
      saved.set(userId, settled.team);
    }
    teamsByRound.set(stored.round, [...saved.values()]);
    await scoreChangeRepository.write(changes);
    // What the round should hold from now on: a team written by nobody else since would still count.
    const teamsLeft = [...saved.values()].filter((team) => team.picks.length > 0).length;
    await tournamentRepository.markRoundSettled(record.game_global_id, stored.round, nowIso, teamsLeft);
    summary.push({ round: stored.round, carried, replaced });
  }
  if (summary.some((s) => s.carried || s.replaced)) {
    // The ranking job scores the settled teams and publishes them on its next run.
    await rankingStateRepository.markStale(record.game_global_id, now);
  }
  return { game_global_id: record.game_global_id, rounds: summary };
}

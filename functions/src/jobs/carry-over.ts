/**
 * Settles teams at each passed round deadline (DESIGN.md section 3): copies round n's team to round
 * n+1 for users with `is_copy_next_round` on and no saved team (every copied pick `auto`), and in
 * every team replaces players who are no longer eligible (and fills empty slots) with the AI
 * `condition` pick, marked `auto`. Runs on a timer and from `npm run ops -- carry-over`; running it
 * again changes nothing.
 */
import { settleTeamAtDeadline } from '@golf/shared/game/carry-over';
import { isBeforeDeadline } from '@golf/shared/game/lock';
import type { RoundTeam, TeamPick } from '@golf/shared/game/team';
import type { RoundNumber } from '@golf/shared/schemas/schedule';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { db, tableName } from '../db/client';
import { resultsRepository } from '../db/repositories/results-repository';
import { teamItem, teamRepository, type TeamRecord } from '../db/repositories/team-repository';
import { recomputeScores } from '../domain/game/score-service';
import { loadRoundContext, resolveTournament } from '../domain/game/tournament-context';
import { logger } from '../lib/logger';

const EMPTY_SLOT = '';

const asRoundTeam = (team: TeamRecord): RoundTeam => ({
  round: team.round as RoundNumber,
  // An empty slot is an ineligible placeholder, so the settlement fills it like a withdrawn player.
  picks: ([1, 2, 3, 4] as const).map(
    (slot): TeamPick =>
      team.picks.find((p) => p.slot === slot) ?? { slot, player_id: EMPTY_SLOT, auto: true },
  ),
  last_saved_at: team.last_saved_at,
});

/** Writes a settled team unless someone else wrote it first (then the next run looks again). */
async function putSettled(team: TeamRecord, expectedVersion: number): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: teamItem({ ...team, version: expectedVersion + 1 }),
        ConditionExpression: expectedVersion === 0 ? 'attribute_not_exists(PK)' : 'version = :version',
        ...(expectedVersion === 0 ? {} : { ExpressionAttributeValues: { ':version': expectedVersion } }),
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function runCarryOver(options: { now: Date; gameGlobalId?: string }) {
  const record = await resolveTournament(options.gameGlobalId, options.now);
  const nowIso = options.now.toISOString();
  const summary: Array<{ round: number; carried: number; replaced: number }> = [];
  const copyFlags = new Map<string, boolean>();
  const copyFlag = async (userId: string) => {
    if (!copyFlags.has(userId)) copyFlags.set(userId, await resultsRepository.copyNextRound(userId));
    return copyFlags.get(userId)!;
  };
  let previousTeams: TeamRecord[] = [];
  for (const stored of record.rounds) {
    const passed = !isBeforeDeadline(nowIso, stored.deadline_at);
    if (!passed) break;
    const teams = await teamRepository.listRound(record.game_global_id, stored.round);
    // Teams are settled between the deadline and the first results: a player who withdraws during
    // the round scores the penalty, he is not replaced.
    if (stored.cancelled || stored.results !== 'none') {
      previousTeams = teams;
      continue;
    }
    const context = await loadRoundContext(record, stored.round);
    const saved = new Map(teams.map((t) => [t.user_id, t]));
    const users = new Set([...teams.map((t) => t.user_id), ...previousTeams.map((t) => t.user_id)]);
    const previous = new Map(previousTeams.map((t) => [t.user_id, t]));
    let carried = 0;
    let replaced = 0;
    for (const userId of [...users].sort()) {
      const own = saved.get(userId);
      const before = previous.get(userId);
      const hasPicks = Boolean(own?.picks.length);
      if (!hasPicks && !(before?.picks.length && (await copyFlag(userId)))) continue;
      let outcome;
      try {
        outcome = settleTeamAtDeadline({
          round: stored.round as RoundNumber,
          saved: hasPicks ? asRoundTeam(own!) : null,
          previous: before?.picks.length ? asRoundTeam(before) : null,
          copyNextRound: true,
          eligiblePlayers: context.eligible,
          nowIso,
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
      const written = await putSettled(team, own?.version ?? 0);
      if (written && outcome.kind === 'carried') carried++;
      if (written && outcome.kind === 'saved') replaced++;
      saved.set(userId, { ...team, version: (own?.version ?? 0) + 1 });
    }
    summary.push({ round: stored.round, carried, replaced });
    previousTeams = [...saved.values()];
  }
  if (summary.some((s) => s.carried || s.replaced)) await recomputeScores(record, options.now);
  return { game_global_id: record.game_global_id, rounds: summary };
}

/** The timer's entry point (EventBridge schedule): the current tournament at the invocation time. */
export const handler = async () => runCarryOver({ now: new Date() });

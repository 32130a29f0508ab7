/**
 * What the ranking recompute reads, all through repositories: a tournament's played rounds with
 * every team's score, the season's tournaments, the ranked users' guild memberships. The rules over them are
 * pure modules (round-records.ts, guild-boards.ts, yearly-standings.ts).
 */
import { isBeforeDeadline } from '@golf/shared/game/lock';
import { guildRepository } from '@golf/functions/db/repositories/guild-repository';
import { tournamentRepository } from '@golf/functions/db/repositories/tournament-repository';
import { notFound } from '@golf/functions/lib/errors';
import { roundTeams, thawTeams } from './frozen-teams';
import { type GuildMemberships, guildMemberships } from '../rules/guild-boards';
import { playedRound, type PlayedTournament } from '../rules/round-records';

/**
 * A tournament's rounds whose deadline has passed, each with its penalty and its teams scored from
 * the field's results: the same scores the operator calls store, from the round's teams (read once
 * it is frozen).
 */
export async function playedRounds(gameGlobalId: string, now: Date): Promise<PlayedTournament> {
  const record = await tournamentRepository.get(gameGlobalId);
  if (!record) throw notFound(`大会 ${gameGlobalId} は登録されていません。`);
  const field = await tournamentRepository.field(gameGlobalId);
  const started = record.rounds.filter((round) => !isBeforeDeadline(now.toISOString(), round.deadline_at));
  const rounds = await Promise.all(
    started.map(async ({ round }) =>
      playedRound(record, field, round, thawTeams(await roundTeams(record, round, now)), now),
    ),
  );
  return { record, rounds };
}

/** The season's tournaments not cancelled whose first deadline has passed. */
export async function startedTournaments(seasonId: number, now: Date) {
  return (await tournamentRepository.list()).filter(
    (t) =>
      t.season_id === seasonId &&
      !t.cancelled &&
      t.rounds.some((r) => !isBeforeDeadline(now.toISOString(), r.deadline_at)),
  );
}

/** Each ranked user's memberships, past and current, and those guilds' names on the boards, read in batches. */
export async function guildsOf(userIds: readonly string[]): Promise<GuildMemberships> {
  const periodsOf = await guildRepository.membershipsOf(userIds);
  const guildIds = new Set([...periodsOf.values()].flatMap((periods) => periods.map((p) => p.guild_id)));
  return guildMemberships(periodsOf, await guildRepository.getMany([...guildIds]));
}

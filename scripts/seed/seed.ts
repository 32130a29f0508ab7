import { createHash } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/src/db/client';
import { batchWriteAll } from '../../functions/src/db/batch-write';
import {
  fieldEntryItem,
  storedTournamentItems,
} from '../../functions/src/db/repositories/tournament-repository';
import { prizeItem } from '../../functions/src/db/repositories/prize-repository';
import { keys } from '../../functions/src/db/keys';
import { drawTournamentPrizes } from '../../functions/src/domain/prize/prize-draw-service';
import { drawSeedRepository } from '../../functions/src/db/repositories/draw-seed-repository';
import { drawCommitment } from '../../shared/src/game/draw-seed';
import { recomputeRankings } from '../../functions/src/domain/ranking/job/ranking-recompute';
import { resolveGame } from '../../functions/src/domain/ranking/io/ranking-tournament';
import { postRoundResults } from '../../functions/src/domain/guild/guild-posts';
import { generateSampleSeason, type SampleSeason } from './generate';
import { sampleTeamItems } from './teams';
import { sampleGuildItems } from './guilds';
import { sampleTopicItems } from './topics';
import { sampleQuizItems } from './quiz';
import { sampleUserItems } from './users';
import { sampleReminderItems } from './reminders';

const seedMarker = { PK: 'META', SK: 'SAMPLE_SEASON' };

const samplePlayerItems = (season: SampleSeason) =>
  season.players.map(({ skill: _skill, spread: _spread, ...player }) => ({
    ...keys.player(player.player_id),
    entity: 'player',
    ...player,
  }));

const fieldOf = (season: SampleSeason, record: SampleSeason['tournaments'][number]) =>
  season.fields.filter((entry) => entry.game_global_id === record.game_global_id);

function sampleItems(now: Date, season = generateSampleSeason(now)): Record<string, unknown>[] {
  return [
    ...samplePlayerItems(season),
    ...season.tournaments.flatMap((record) => storedTournamentItems(record, fieldOf(season, record))),
    ...season.fields.map(fieldEntryItem),
    ...season.prizes.map(prizeItem),
    ...sampleTeamItems(season, now),
    ...sampleGuildItems(now),
    ...sampleUserItems(now),
    ...sampleReminderItems(now),
    ...sampleTopicItems(season, now),
    ...sampleQuizItems(season, now),
  ];
}

/**
 * One tournament of the sample season with its field and the players, as the seed stores them, and
 * nothing else (no teams, users, guilds nor rankings): for a test that needs only a schedule.
 */
export function sampleTournamentItems(season: SampleSeason, gameGlobalId: string): Record<string, unknown>[] {
  const record = season.tournaments.find((tournament) => tournament.game_global_id === gameGlobalId);
  if (!record) throw new Error(`no sample tournament ${gameGlobalId}`);
  return [
    ...samplePlayerItems(season),
    ...storedTournamentItems(record, fieldOf(season, record)),
    ...fieldOf(season, record).map(fieldEntryItem),
  ];
}

/** Writes the sample season once: a marker item records that the table was seeded. */
export async function seedIfEmpty(options: { now: Date }): Promise<{ items: number } | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: seedMarker }));
  if (Item) return null;
  const season = generateSampleSeason(options.now);
  const items = sampleItems(options.now, season);
  await batchWriteAll(items);
  // Each tournament's lottery secret, committed a day before its first deadline; a sample's secret
  // comes from its id, so the sample's draws are the same on every machine.
  for (const tournament of season.tournaments) {
    const secret = createHash('sha256').update(`sample-secret-${tournament.game_global_id}`).digest('hex');
    const committedAt = new Date(Date.parse(tournament.rounds[0]!.deadline_at) - 86_400_000).toISOString();
    await drawSeedRepository.create({
      game_global_id: tournament.game_global_id,
      secrets: [{ commitment: drawCommitment(secret), secret, committed_at: committedAt, revealed_at: null }],
      draws: [],
      version: 0,
    });
  }
  // Finished tournaments have their prizes drawn, so winners see them on their page.
  for (const tournament of season.tournaments)
    if (
      !tournament.cancelled &&
      tournament.rounds.every((round) => round.cancelled || round.results === 'final')
    )
      await drawTournamentPrizes({
        gameGlobalId: tournament.game_global_id,
        operatorId: 'sample-operator',
        now: options.now,
        // A sample season has fewer players than an entry prize may offer winners.
        acceptFewer: true,
      });
  // Finished tournaments keep their final standings, as the ranking job left them when each ended.
  const current = await resolveGame(undefined, options.now);
  await Promise.all(
    season.tournaments
      .filter(
        (tournament) =>
          tournament.game_global_id !== current &&
          !tournament.cancelled &&
          tournament.rounds.some((round) => round.results === 'final'),
      )
      .map((tournament) => recomputeRankings(tournament.game_global_id, options.now)),
  );
  const published = await recomputeRankings(current, options.now);
  // As after the ranking job's publish: the guilds are told the rounds already final.
  await postRoundResults(published.game_global_id, published.snapshot_id, options.now);
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...seedMarker, seeded_at: options.now.toISOString(), items: items.length },
    }),
  );
  return { items: items.length };
}

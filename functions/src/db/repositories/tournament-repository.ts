import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { FieldEntryRecord, TournamentRecord } from '@golf/shared/schedule/tournament-record';
import { db, tableName } from '../client';
import { fromItem } from '../item';
import { keys } from '../keys';
import { queryAll } from '../query-all';

export const tournamentRepository = {
  async list(): Promise<TournamentRecord[]> {
    const items = await queryAll<Record<string, unknown>>({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.tournamentListing('', '').GSI1PK },
    });
    return items.map((item) => fromItem<TournamentRecord>(item));
  },

  async get(gameGlobalId: string): Promise<TournamentRecord | undefined> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.tournament(gameGlobalId) }),
    );
    return Item ? fromItem<TournamentRecord>(Item) : undefined;
  },

  async field(gameGlobalId: string): Promise<FieldEntryRecord[]> {
    const { PK, SKPrefix } = keys.fieldPrefix(gameGlobalId);
    const items = await queryAll<Record<string, unknown>>({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': PK, ':sk': SKPrefix },
    });
    return items.map((item) => fromItem<FieldEntryRecord>(item));
  },
};

export const tournamentItem = (record: TournamentRecord) => ({
  ...keys.tournament(record.game_global_id),
  ...keys.tournamentListing(record.start_on, record.game_global_id),
  entity: 'tournament',
  ...record,
});

export const fieldEntryItem = (record: FieldEntryRecord) => ({
  ...keys.fieldEntry(record.game_global_id, record.player_id),
  entity: 'field_entry',
  ...record,
});

import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { failedAt, isCancelled } from '../conditions';
import type { CampaignEntry } from '@golf/shared/schemas/campaign';
import { db, tableName } from '../client';
import { fromItem } from '../item';
import { keys } from '../keys';
import { queryAll } from '../query-all';
import type { TableUse } from '../table-use';

export interface ContactRecord {
  id: string;
  received_at: string;
  email: string;
  contact_type: string;
  content: string;
  /** The signed-in sender, when there was one. */
  user_id: string | null;
}

export interface CampaignEntryRecord extends CampaignEntry {
  id: string;
  campaign_id: string;
  received_at: string;
}

/** Entries received at or after `since` (all when absent), oldest first. */
const receivedSince = async <T>(partition: string, since: string | undefined): Promise<T[]> =>
  (
    await queryAll<Record<string, unknown>>({
      TableName: tableName(),
      // Entry sort keys start with their ISO instant (digits); the entrant locks (`ENTRANT#`) sort after.
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :until',
      ExpressionAttributeValues: { ':pk': partition, ':from': since ?? '0', ':until': '9999' },
    })
  ).map((item) => fromItem<T>(item));

export const formEntryRepository = {
  async putContact(record: ContactRecord): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.contactEntry(record.received_at, record.id), entity: 'contact', ...record },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  },

  /** Stores the entry and its entrant lock in one transaction; false when the e-mail already entered. */
  async putCampaignEntry(record: CampaignEntryRecord): Promise<boolean> {
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName(),
                Item: {
                  ...keys.campaignEntrant(record.campaign_id, record.business_email),
                  entity: 'campaign_entrant',
                  entry_id: record.id,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: {
                  ...keys.campaignEntry(record.campaign_id, record.received_at, record.id),
                  entity: 'campaign_entry',
                  ...record,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      );
      return true;
    } catch (error) {
      // Only the entrant marker's condition means "already entered"; a clash on the entry itself is thrown.
      if (isCancelled(error) && failedAt(error, 0)) return false;
      throw error;
    }
  },

  listContacts: (since?: string) => receivedSince<ContactRecord>(keys.contactPartition, since),

  listCampaignEntries: (campaignId: string, since?: string) =>
    receivedSince<CampaignEntryRecord>(keys.campaignPartition(campaignId), since),
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  formEntryRepository: {
    putContact: { write: ['CONTACT'] },
    putCampaignEntry: { write: ['CAMPAIGN#'] },
    listContacts: { read: ['CONTACT'] },
    listCampaignEntries: { read: ['CAMPAIGN#'] },
  },
} satisfies TableUse<{ formEntryRepository: typeof formEntryRepository }>;

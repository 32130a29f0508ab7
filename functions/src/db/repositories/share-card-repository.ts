/**
 * Share cards (`SHARECARD#{user}` / `{game}#R{round}#{version}`): one item per player, round and
 * results version. The request that creates the item draws the card while it holds the item's lease
 * (`state: drawing`); the others read the item until it says `ready`. A drawing that dies keeps its
 * lease until `lease_until`; the next request after that takes it over with a token of its own.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { conditionHeld } from '../conditions';
import { fromItem } from '../item';
import { keys } from '../keys';
import type { TableUse } from '../table-use';

/** Which card: a player's, for one round of a tournament, as of one results version. */
export interface ShareCardId {
  userId: string;
  gameGlobalId: string;
  round: number;
  version: string;
}

/** The page that carries the owner's guild join code, and the code it carries. */
export interface ShareInvite {
  token: string;
  code: string;
}

export interface ShareCardRecord {
  state: 'drawing' | 'ready';
  /** Random: the card's objects live under `uploads/share/{token}/`. */
  token: string;
  lease_until: string;
  drawn_at?: string;
  invite?: ShareInvite;
  /** Epoch seconds: the item goes (TTL) before the bucket's lifecycle deletes the card's objects. */
  expiresAt: number;
}

const keyOf = (id: ShareCardId) => keys.shareCard(id.userId, id.gameGlobalId, id.round, id.version);
const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

export const shareCardRepository = {
  /** The card's item as last written (a strongly consistent read: a waiter sees `ready` at once). */
  async get(id: ShareCardId, now: Date): Promise<ShareCardRecord | null> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keyOf(id), ConsistentRead: true }),
    );
    if (!Item) return null;
    const record = fromItem<ShareCardRecord>(Item);
    // TTL deletes late: an item past its time counts as gone, as its objects may be.
    return record.expiresAt > epochSeconds(now) ? record : null;
  },

  /**
   * Takes the drawing's lease with `token`: only when there is no item, or its drawing's lease ran
   * out, or it expired. False when another request holds the lease or the card is ready.
   */
  claim(id: ShareCardId, token: string, now: Date, leaseMs: number, keepSeconds: number): Promise<boolean> {
    return conditionHeld(
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keyOf(id),
            entity: 'share_card',
            state: 'drawing',
            token,
            lease_until: new Date(now.getTime() + leaseMs).toISOString(),
            expiresAt: epochSeconds(now) + keepSeconds,
          } satisfies ShareCardRecord & Record<string, unknown>,
          ConditionExpression:
            'attribute_not_exists(PK) OR (#state = :drawing AND lease_until <= :now) OR expiresAt <= :nowSeconds',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':drawing': 'drawing',
            ':now': now.toISOString(),
            ':nowSeconds': epochSeconds(now),
          },
        }),
      ),
    );
  },

  /** The card under `token` is stored: the item says so, unless another request took the lease over. */
  finish(id: ShareCardId, token: string, now: Date): Promise<boolean> {
    return conditionHeld(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keyOf(id),
          UpdateExpression: 'SET #state = :ready, drawn_at = :now',
          ConditionExpression: '#token = :token',
          ExpressionAttributeNames: { '#state': 'state', '#token': 'token' },
          ExpressionAttributeValues: { ':ready': 'ready', ':now': now.toISOString(), ':token': token },
        }),
      ),
    );
  },

  /** Gives the lease back (a drawing that failed or was refused), so that a waiting request may draw. */
  async release(id: ShareCardId, token: string): Promise<void> {
    await conditionHeld(
      db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keyOf(id),
          ConditionExpression: '#token = :token AND #state = :drawing',
          ExpressionAttributeNames: { '#state': 'state', '#token': 'token' },
          ExpressionAttributeValues: { ':token': token, ':drawing': 'drawing' },
        }),
      ),
    );
  },

  /**
   * Records the invite page written for `invite.code`, unless a page for that code is recorded
   * already (a concurrent request's): false then, and the caller reads the item again.
   */
  setInvite(id: ShareCardId, invite: ShareInvite): Promise<boolean> {
    return conditionHeld(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keyOf(id),
          UpdateExpression: 'SET invite = :invite',
          ConditionExpression: '#state = :ready AND (attribute_not_exists(invite) OR invite.code <> :code)',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':ready': 'ready', ':invite': invite, ':code': invite.code },
        }),
      ),
    );
  },
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  shareCardRepository: {
    get: { read: ['SHARECARD#'] },
    claim: { write: ['SHARECARD#'] },
    finish: { write: ['SHARECARD#'] },
    release: { write: ['SHARECARD#'] },
    setInvite: { write: ['SHARECARD#'] },
  },
} satisfies TableUse<{ shareCardRepository: typeof shareCardRepository }>;

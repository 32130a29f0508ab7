/**
 * The prize state of a scope (a tournament's game and entry prizes, or a season's yearly prizes):
 * the item every write of the scope's prizes conditions on, so that those writes exclude each other
 * (docs/data-model.md, Prize draws and claims).
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { conditionHeld, retryingClashes } from '../conditions';
import { keys } from '../keys';
import type { TableUse } from '../table-use';

/** A draw under way: until `expires_at` no other draw, retire, save or claim of the scope writes. */
export interface DrawLock {
  /** The draw's own random id: only it commits under the lock or gives it back. */
  owner: string;
  /** The operator who started it. */
  by: string;
  redraw: boolean;
  taken_at: string;
  expires_at: string;
}

export interface PrizeStateRecord {
  /** Raised by every save, retire and restore of the scope's prizes, and by every draw. */
  version: number;
  /** Every prize saved in the scope since it has a state (the kind's index listing may lag behind). */
  prize_ids: string[];
  lock: DrawLock | null;
}

/** No draw holds the scope at `:now` (a lock past its expiry is a draw that died). */
const unlockedAt = 'attribute_not_exists(lock_owner) OR lock_expires_at <= :now';

export const prizeStateRepository = {
  /** The scope's state as last written (a strongly consistent read); a scope never written is empty. */
  async get(scope: string): Promise<PrizeStateRecord> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.prizeState(scope), ConsistentRead: true }),
    );
    return {
      version: (Item?.['version'] as number | undefined) ?? 0,
      prize_ids: [...((Item?.['prize_ids'] as Set<string> | undefined) ?? [])].sort(),
      lock: Item?.['lock_owner']
        ? {
            owner: Item['lock_owner'] as string,
            by: Item['lock_by'] as string,
            redraw: Item['lock_redraw'] as boolean,
            taken_at: Item['lock_taken_at'] as string,
            expires_at: Item['lock_expires_at'] as string,
          }
        : null,
    };
  },

  /** Takes the scope's draw lock: false while another draw holds it. */
  async takeDrawLock(scope: string, lock: DrawLock): Promise<boolean> {
    return conditionHeld(
      retryingClashes(() =>
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.prizeState(scope),
            UpdateExpression:
              'SET entity = :entity, lock_owner = :owner, lock_by = :by, lock_redraw = :redraw, lock_taken_at = :now, lock_expires_at = :expires',
            ConditionExpression: unlockedAt,
            ExpressionAttributeValues: {
              ':entity': 'prize_state',
              ':owner': lock.owner,
              ':by': lock.by,
              ':redraw': lock.redraw,
              ':now': lock.taken_at,
              ':expires': lock.expires_at,
            },
          }),
        ),
      ),
    );
  },

  /** Gives the lock back, if it is still this draw's own. */
  async releaseDrawLock(scope: string, owner: string): Promise<void> {
    await conditionHeld(
      retryingClashes(() =>
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.prizeState(scope),
            UpdateExpression: 'REMOVE lock_owner, lock_by, lock_redraw, lock_taken_at, lock_expires_at',
            ConditionExpression: 'lock_owner = :owner',
            ExpressionAttributeValues: { ':owner': owner },
          }),
        ),
      ),
    );
  },

  /**
   * The transaction item of a change of one of the scope's prizes: raises the version, and holds
   * only while no draw holds the scope and, given `version`, while the version is still that one
   * (nothing else changed the scope's prizes since they were read).
   */
  change(scope: string, change: { now: string; version?: number; prizeId?: string }) {
    const sameVersion =
      change.version === undefined
        ? ''
        : change.version === 0
          ? 'attribute_not_exists(version) AND '
          : 'version = :version AND ';
    return {
      Update: {
        TableName: tableName(),
        Key: keys.prizeState(scope),
        UpdateExpression: `SET entity = :entity ADD version :one${change.prizeId ? ', prize_ids :ids' : ''}`,
        ConditionExpression: `${sameVersion}(${unlockedAt})`,
        ExpressionAttributeValues: {
          ':entity': 'prize_state',
          ':one': 1,
          ':now': change.now,
          ...(change.version ? { ':version': change.version } : {}),
          ...(change.prizeId ? { ':ids': new Set([change.prizeId]) } : {}),
        },
      },
    };
  },

  /** The transaction item of a draw's commit: holds only while the draw still holds the lock at `now`. */
  drawCommit(scope: string, owner: string, now: string) {
    return {
      Update: {
        TableName: tableName(),
        Key: keys.prizeState(scope),
        UpdateExpression: 'ADD version :one',
        ConditionExpression: 'lock_owner = :owner AND lock_expires_at > :now',
        ExpressionAttributeValues: { ':one': 1, ':owner': owner, ':now': now },
      },
    };
  },

  /** The transaction item of a claim: no draw holds the scope at `now`. */
  unlocked(scope: string, now: string) {
    return {
      ConditionCheck: {
        TableName: tableName(),
        Key: keys.prizeState(scope),
        ConditionExpression: unlockedAt,
        ExpressionAttributeValues: { ':now': now },
      },
    };
  },
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  prizeStateRepository: {
    get: { read: ['PRIZE#'] },
    takeDrawLock: { write: ['PRIZE#'] },
    releaseDrawLock: { write: ['PRIZE#'] },
    change: { write: ['PRIZE#'] },
    drawCommit: { write: ['PRIZE#'] },
    unlocked: { read: ['PRIZE#'] },
  },
} satisfies TableUse<{ prizeStateRepository: typeof prizeStateRepository }>;

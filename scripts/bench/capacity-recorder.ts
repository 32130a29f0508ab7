/**
 * Records what every DynamoDB request of the handlers costs, key by key: a middleware on the table's
 * client (`db()`, which the handlers of an in-process stack share with the bench) asks each request
 * for `ReturnConsumedCapacity: 'INDEXES'` and turns the answer into capacity units per partition key
 * it reads, writes or condition-checks. A request on one item (GetItem, PutItem, UpdateItem,
 * DeleteItem) or one partition (Query) takes the units DynamoDB Local returns; a batch or a
 * transaction, which DynamoDB reports per table, is split item by item by AWS's documented size rule
 * (sizes as `item-size.ts` counts them: writes 1 unit per started KB, 2 in a transaction, for every
 * item of it including a ConditionCheck; reads 0.5, 1 or 2 units per started 4 KB for an eventually
 * consistent, strongly consistent or transactional read), and the returned total is kept beside the
 * split for checking. A write refused by its condition returns no figure: it is costed by the rule.
 *
 * The sizes the rule needs and the request does not carry (the item a write replaces, the item a
 * ConditionCheck reads, an updated item) are read by a client of its own, which is not recorded.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../functions/src/db/client';
import { tableKeys } from '../../functions/src/db/table-definition';
import { tableRequests } from '../../functions/src/lib/aws-access';
import { itemSizeBytes } from './item-size';

export type Access = 'read' | 'write' | 'check';
/** What a key is to a team save: where the team is written, or the deadline gate it checks. */
export type KeyRole = 'team' | 'gate';

/** The units one request spent on one partition key (of the table, or of an index). */
export interface KeyUnits {
  table: string;
  index?: string;
  pk: string;
  access: Access;
  rcu: number;
  wcu: number;
  role?: KeyRole;
  /** `returned`: DynamoDB Local's figure; `size rule`: AWS's documented rule applied to the item. */
  source: 'returned' | 'size rule';
}

export interface RecordedRequest<C> {
  /** What caused the request (the save), or undefined when nothing was set. */
  cause: C | undefined;
  operation: string;
  items: KeyUnits[];
  /** The capacity units DynamoDB Local returned for the whole request, when it returned any. */
  returned?: number;
  /** The error's name, when the request failed (a refused condition, a cancelled transaction). */
  failed?: string;
}

type Item = Record<string, unknown>;
type Capacity = {
  TableName?: string;
  CapacityUnits?: number;
  Table?: { CapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
};

const { partitionKey, sortKey, indexes } = tableKeys;

/** Write units of an item of `bytes` (1 per started KB, at least 1; twice that in a transaction). */
export const writeUnitsOf = (bytes: number, transactional = false): number =>
  Math.max(1, Math.ceil(bytes / 1024)) * (transactional ? 2 : 1);

const readFactor = { eventual: 0.5, strong: 1, transactional: 2 } as const;
/** Read units of an item of `bytes` (per started 4 KB, at least one block). */
export const readUnitsOf = (bytes: number, consistency: keyof typeof readFactor): number =>
  Math.max(1, Math.ceil(bytes / 4096)) * readFactor[consistency];

const sizeOf = (item: Item | undefined): number => (item ? itemSizeBytes(item) : 0);
const pkOf = (item: Item | undefined): string => String(item?.[partitionKey] ?? '?');
const keyOf = (item: Item): Item => ({ [partitionKey]: item[partitionKey], [sortKey]: item[sortKey] });
const sameKey = (a: Item, b: Item) => a[partitionKey] === b[partitionKey] && a[sortKey] === b[sortKey];

function roleOf(item: Item | undefined, condition?: unknown): KeyRole | undefined {
  if (item?.['entity'] === 'team') return 'team';
  if (typeof condition === 'string' && condition.includes('deadline_at')) return 'gate';
  return undefined;
}

const capacities = (output: unknown): Capacity[] => {
  const value = (output as { ConsumedCapacity?: Capacity | Capacity[] } | undefined)?.ConsumedCapacity;
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};

/** The items the rule needs to size, as stored now (strongly consistent), by table. */
class StoredItems {
  private client: DynamoDBDocumentClient | undefined;

  private reader(): DynamoDBDocumentClient {
    // The same endpoint and table as db() (the stack's environment), without the recorder.
    this.client ??= DynamoDBDocumentClient.from(new DynamoDBClient({}));
    return this.client;
  }

  async one(table: string, key: Item): Promise<Item | undefined> {
    const { Item } = await this.reader().send(
      new GetCommand({ TableName: table, Key: keyOf(key), ConsistentRead: true }),
    );
    return Item;
  }

  async many(wanted: Array<{ table: string; key: Item }>): Promise<Array<Item | undefined>> {
    const found: Array<{ table: string; item: Item }> = [];
    for (let i = 0; i < wanted.length; i += 100) {
      const byTable: Record<string, { Keys: Item[]; ConsistentRead: true }> = {};
      for (const { table, key } of wanted.slice(i, i + 100)) {
        const keys = (byTable[table] ??= { Keys: [], ConsistentRead: true }).Keys;
        if (!keys.some((k) => sameKey(k, key))) keys.push(keyOf(key));
      }
      let request: typeof byTable | undefined = byTable;
      while (request && Object.keys(request).length) {
        const result = await this.reader().send(new BatchGetCommand({ RequestItems: request }));
        for (const [table, items] of Object.entries(result.Responses ?? {}))
          for (const item of items) found.push({ table, item });
        request = result.UnprocessedKeys as typeof byTable | undefined;
      }
    }
    return wanted.map(({ table, key }) => found.find((f) => f.table === table && sameKey(f.item, key))?.item);
  }

  destroy() {
    this.client?.destroy();
  }
}

/** Index rows a written item has (projection ALL: each costs what the table's row costs). */
function indexUnits(table: string, item: Item | undefined, wcu: number, role?: KeyRole): KeyUnits[] {
  return indexes
    .filter((index) => typeof item?.[index.partitionKey] === 'string')
    .map((index) => ({
      table,
      index: index.name,
      pk: String(item![index.partitionKey]),
      access: 'write' as const,
      rcu: 0,
      wcu,
      ...(role ? { role } : {}),
      source: 'size rule' as const,
    }));
}

type WriteKind = 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
interface WriteItem {
  kind: WriteKind;
  table: string;
  key: Item;
  item?: Item;
  condition?: unknown;
}

/** The items a request writes or condition-checks (none for a read). */
function writesOf(operation: string, input: Item): WriteItem[] {
  const table = String(input['TableName'] ?? '');
  switch (operation) {
    case 'PutItem':
      return [{ kind: 'Put', table, key: input['Item'] as Item, item: input['Item'] as Item }];
    case 'UpdateItem':
    case 'DeleteItem':
      return [{ kind: operation === 'UpdateItem' ? 'Update' : 'Delete', table, key: input['Key'] as Item }];
    case 'BatchWriteItem': {
      type Request = { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } };
      const requests = (input['RequestItems'] ?? {}) as Record<string, Request[]>;
      return Object.entries(requests).flatMap(([name, list]) =>
        list.map((request): WriteItem =>
          request.PutRequest
            ? { kind: 'Put', table: name, key: request.PutRequest.Item, item: request.PutRequest.Item }
            : { kind: 'Delete', table: name, key: request.DeleteRequest!.Key },
        ),
      );
    }
    case 'TransactWriteItems': {
      type Part = { TableName: string; Key?: Item; Item?: Item; ConditionExpression?: string };
      return ((input['TransactItems'] ?? []) as Array<Partial<Record<WriteKind, Part>>>).map((entry) => {
        const kind = Object.keys(entry)[0] as WriteKind;
        const part = entry[kind]!;
        return {
          kind,
          table: part.TableName,
          key: (part.Key ?? part.Item)!,
          ...(part.Item ? { item: part.Item } : {}),
          condition: part.ConditionExpression,
        };
      });
    }
    default:
      return [];
  }
}

/**
 * The units of written items by the size rule: each the larger of the item before and after the
 * write (`before`: as stored when the request was sent); a ConditionCheck the item it reads.
 */
async function writtenUnits(
  stored: StoredItems,
  writes: WriteItem[],
  before: Array<Item | undefined>,
  transactional: boolean,
  succeeded: boolean,
): Promise<KeyUnits[]> {
  const units: KeyUnits[] = [];
  for (const [i, write] of writes.entries()) {
    const old = before[i];
    // An update's new item is read back (the request holds only its expression).
    const after = !succeeded
      ? undefined
      : write.kind === 'Put'
        ? write.item
        : write.kind === 'Update'
          ? await stored.one(write.table, write.key)
          : undefined;
    const wcu = writeUnitsOf(Math.max(sizeOf(old), sizeOf(after)), transactional);
    const role = roleOf(after ?? write.item ?? old, write.condition);
    units.push({
      table: write.table,
      pk: pkOf(write.key),
      access: write.kind === 'ConditionCheck' ? 'check' : 'write',
      rcu: 0,
      wcu,
      ...(role ? { role } : {}),
      source: 'size rule',
    });
    if (write.kind !== 'ConditionCheck') units.push(...indexUnits(write.table, after ?? old, wcu, role));
  }
  return units;
}

const returnedTotal = (output: unknown): number | undefined => {
  const list = capacities(output);
  return list.length ? list.reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0) : undefined;
};

/** A single-item request's units: DynamoDB Local's figures for the table row and each index row. */
function returnedUnits(
  table: string,
  pk: string,
  access: Access,
  output: unknown,
  indexItem: Item | undefined,
  role?: KeyRole,
): KeyUnits[] {
  const [capacity] = capacities(output);
  const field = access === 'read' ? 'rcu' : 'wcu';
  const row = (index: string | undefined, key: string, units: number): KeyUnits => ({
    table,
    ...(index ? { index } : {}),
    pk: key,
    access,
    rcu: 0,
    wcu: 0,
    [field]: units,
    ...(role ? { role } : {}),
    source: 'returned',
  });
  const rows = [row(undefined, pk, capacity?.Table?.CapacityUnits ?? capacity?.CapacityUnits ?? 0)];
  for (const [index, figure] of Object.entries(capacity?.GlobalSecondaryIndexes ?? {})) {
    const attribute = indexes.find((i) => i.name === index)?.partitionKey;
    rows.push(row(index, String((attribute && indexItem?.[attribute]) ?? '?'), figure.CapacityUnits ?? 0));
  }
  return rows;
}

const indexKeys = Object.fromEntries(indexes.map((index) => [index.name, index.partitionKey]));

/** One request's units per key, once answered (`failed`: it threw). */
async function attribute(
  stored: StoredItems,
  operation: string,
  input: Item,
  sent: { writes: WriteItem[]; before: Array<Item | undefined> },
  output: unknown,
  failed: boolean,
): Promise<KeyUnits[]> {
  const { writes, before } = sent;
  const table = String(input['TableName'] ?? '');
  // A read that failed returned nothing to count.
  if (failed && !writes.length) return [];
  switch (operation) {
    case 'GetItem':
      return returnedUnits(table, pkOf(input['Key'] as Item), 'read', output, undefined);
    case 'Query':
    case 'Scan': {
      const index = input['IndexName'] as string | undefined;
      const [request] = tableRequests(operation, input, { table: partitionKey, indexes: indexKeys });
      const pk = operation === 'Scan' ? '(scan)' : (request?.leadingKeys[0] ?? '?');
      const [capacity] = capacities(output);
      const units = index
        ? (capacity?.GlobalSecondaryIndexes?.[index]?.CapacityUnits ?? 0)
        : (capacity?.Table?.CapacityUnits ?? capacity?.CapacityUnits ?? 0);
      return [
        { table, ...(index ? { index } : {}), pk, access: 'read', rcu: units, wcu: 0, source: 'returned' },
      ];
    }
    case 'PutItem':
    case 'UpdateItem':
    case 'DeleteItem': {
      const write = writes[0]!;
      // A write refused by its condition returns no figure and left the item as it was: the rule
      // costs it on the item read now.
      if (failed) return writtenUnits(stored, writes, [await stored.one(table, write.key)], false, false);
      const indexed = capacities(output).some((c) => c.GlobalSecondaryIndexes);
      const after =
        write.kind === 'Put' ? write.item : indexed ? await stored.one(table, write.key) : undefined;
      return returnedUnits(table, pkOf(write.key), 'write', output, after, roleOf(after));
    }
    case 'BatchGetItem': {
      const requests = (input['RequestItems'] ?? {}) as Record<
        string,
        { Keys?: Item[]; ConsistentRead?: boolean }
      >;
      const responses = (output as { Responses?: Record<string, Item[]> }).Responses ?? {};
      return Object.entries(requests).flatMap(([name, request]) =>
        (request.Keys ?? []).map((key): KeyUnits => {
          // An item not found is not counted, as DynamoDB Local counts it.
          const item = responses[name]?.find((found) => sameKey(found, key));
          const rcu = item ? readUnitsOf(sizeOf(item), request.ConsistentRead ? 'strong' : 'eventual') : 0;
          return { table: name, pk: pkOf(key), access: 'read', rcu, wcu: 0, source: 'size rule' };
        }),
      );
    }
    case 'BatchWriteItem':
    case 'TransactWriteItems':
      return writtenUnits(stored, writes, before, operation === 'TransactWriteItems', !failed);
    case 'TransactGetItems': {
      type Part = { Get: { TableName: string; Key: Item } };
      const responses = (output as { Responses?: Array<{ Item?: Item }> }).Responses ?? [];
      return ((input['TransactItems'] ?? []) as Part[]).map((entry, i) => ({
        table: entry.Get.TableName,
        pk: pkOf(entry.Get.Key),
        access: 'read' as const,
        rcu: readUnitsOf(sizeOf(responses[i]?.Item), 'transactional'),
        wcu: 0,
        source: 'size rule' as const,
      }));
    }
    default:
      return [];
  }
}

/** The operations that accept `ReturnConsumedCapacity`. */
const costed = new Set([
  'GetItem',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'Query',
  'Scan',
  'BatchGetItem',
  'BatchWriteItem',
  'TransactWriteItems',
  'TransactGetItems',
]);

const recorderName = 'benchCapacityRecorder';

/** The errors of a request DynamoDB received and refused, which it still charges. */
const refusals = new Set(['ConditionalCheckFailedException', 'TransactionCanceledException']);

/**
 * Starts recording the table client's requests: each one, once answered, goes to `onRequest` with
 * its units per key and what `cause()` named when it was sent. Returns the function that stops it.
 */
export function recordCapacity<C>(
  cause: () => C | undefined,
  onRequest: (request: RecordedRequest<C>) => void,
): () => void {
  const stored = new StoredItems();
  const stack = db().middlewareStack as unknown as {
    add(
      middleware: (
        next: (args: { input: unknown }) => Promise<{ output: unknown }>,
        context: { commandName?: string },
      ) => (args: { input: unknown }) => Promise<{ output: unknown }>,
      options: { step: 'initialize'; name: string; priority: 'high' },
    ): void;
    remove(name: string): boolean;
  };
  stack.add(
    (next, context) => async (args) => {
      const operation = (context.commandName ?? '').replace(/Command$/, '');
      if (!costed.has(operation)) return next(args);
      const sentBy = cause();
      const input = { ...(args.input as Item), ReturnConsumedCapacity: 'INDEXES' };
      const writes = writesOf(operation, input);
      // A batch's or a transaction's items are sized by the rule: as stored before it runs.
      const before = /^(Batch|Transact)Write/.test(operation) ? await stored.many(writes) : [];
      let result: { output: unknown } | undefined;
      let error: unknown;
      try {
        result = await next({ ...args, input });
      } catch (thrown) {
        error = thrown;
      }
      const failed = error !== undefined;
      // Only a refusal by DynamoDB is costed (by the rule); a request that never reached it costs nothing.
      const refused = failed && refusals.has((error as { name?: string }).name ?? '');
      const items =
        failed && !refused
          ? []
          : await attribute(stored, operation, input, { writes, before }, result?.output, failed);
      const returned = returnedTotal(result?.output);
      onRequest({
        cause: sentBy,
        operation,
        items,
        ...(returned === undefined ? {} : { returned }),
        ...(failed ? { failed: (error as { name?: string }).name ?? 'Error' } : {}),
      });
      if (failed) throw error;
      return result!;
    },
    { step: 'initialize', name: recorderName, priority: 'high' },
  );
  return () => {
    stack.remove(recorderName);
    stored.destroy();
  };
}

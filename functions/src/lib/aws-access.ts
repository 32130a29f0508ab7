import { AsyncLocalStorage } from 'node:async_hooks';
import {
  RANKING_INPUTS_PREFIX,
  tableActions,
  tableGrants,
  tableRequestAllowed,
  type AwsAccess,
  type TableGrant,
} from '@golf/shared/aws-access';
import { traced } from './tracer';

/**
 * The access a route declares in the route table (`aws`), held to locally. In AWS, IAM grants a
 * function exactly that declaration (infra/lib/constructs/api-function.ts); the local stack runs
 * each handler inside `runWithAwsAccess`, and every SDK client refuses, with the error AWS answers,
 * a call the declaration does not allow: for the table, one outside the partitions its row names,
 * judged by the same statements the CDK writes (`tableGrants`, docs/adr/0011-leading-keys.md).
 * Outside such a run (AWS, jobs, seed, tests calling a
 * repository directly) the guard lets every call through.
 */
export type AwsServiceName = 'dynamodb' | 's3' | 'cognito-idp' | 'ses' | 'secretsmanager' | 'lambda';

export interface AwsCall {
  /** `dynamodb:PutItem`, `s3:GetObject`, ... */
  action: string;
  allowed: boolean;
  /** A table request's partition keys (`dynamodb:LeadingKeys`). */
  leadingKeys?: readonly string[];
}

/** A failure the local stack makes a call end with instead of sending it (its dev fault hook). */
export type InjectedFault = (operation: string, input: Record<string, unknown>) => Promise<Error | undefined>;

interface Scope {
  name: string;
  access: AwsAccess;
  onCall?: (call: AwsCall) => void;
  fault?: InjectedFault;
}

const scopes = new AsyncLocalStorage<Scope>();

/** Work a handler starts that outlives its request (the local ranking job): no route's declaration. */
export const runOutsideAwsAccess = <T>(fn: () => T): T => scopes.exit(fn);

export function runWithAwsAccess<T>(
  name: string,
  access: AwsAccess,
  fn: () => Promise<T>,
  onCall?: (call: AwsCall) => void,
  fault?: InjectedFault,
): Promise<T> {
  return scopes.run({ name, access, onCall, fault }, fn);
}

/** The partition key attribute of the table and of each index, for reading a Query's key. */
export interface TablePartitionKeys {
  table: string;
  indexes: Readonly<Record<string, string>>;
}

/** One item-level request as IAM authorizes it: its action, where, and its partition keys. */
export interface TableRequest {
  action: string;
  on: 'table' | 'indexes';
  leadingKeys: string[];
}

type Input = Record<string, unknown>;
type Item = Record<string, unknown> | undefined;

/** An attribute's string, whether the input is the document client's or the low-level client's. */
const stringOf = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value;
  const marshalled = (value as { S?: unknown } | undefined)?.S;
  return typeof marshalled === 'string' ? marshalled : undefined;
};

/** The value a Query's key condition gives the partition key attribute (`#pk = :pk`). */
function queryPartitionKey(input: Input, attribute: string): string[] {
  const names = (input['ExpressionAttributeNames'] ?? {}) as Record<string, string>;
  const values = (input['ExpressionAttributeValues'] ?? {}) as Record<string, unknown>;
  for (const clause of String(input['KeyConditionExpression'] ?? '').split(/\s+AND\s+/i)) {
    const equality = /^\(*\s*([#\w]+)\s*=\s*(:\w+)\s*\)*$/.exec(clause.trim());
    if (!equality) continue;
    const name = equality[1]!.startsWith('#') ? names[equality[1]!] : equality[1];
    const value = stringOf(values[equality[2]!]);
    if (name === attribute && value !== undefined) return [value];
  }
  return [];
}

type TransactKind = 'Put' | 'Update' | 'Delete' | 'ConditionCheck' | 'Get';
const transactActions: Record<TransactKind, string> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
  Get: 'GetItem',
};

/**
 * The item-level requests one SDK operation makes, as IAM evaluates them: a transaction as its
 * items' own actions, a batch as one action over all its keys, a Query against its index's key.
 */
export function tableRequests(operation: string, input: Input, keys: TablePartitionKeys): TableRequest[] {
  const pk = (item: Item) => stringOf(item?.[keys.table]);
  const present = (values: Array<string | undefined>) => values.filter((value) => value !== undefined);
  switch (operation) {
    case 'GetItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return [{ action: operation, on: 'table', leadingKeys: present([pk(input['Key'] as Item)]) }];
    case 'PutItem':
      return [{ action: operation, on: 'table', leadingKeys: present([pk(input['Item'] as Item)]) }];
    case 'Query': {
      const index = input['IndexName'] as string | undefined;
      const attribute = index === undefined ? keys.table : keys.indexes[index];
      return [
        {
          action: operation,
          on: index === undefined ? 'table' : 'indexes',
          leadingKeys: attribute === undefined ? [] : queryPartitionKey(input, attribute),
        },
      ];
    }
    case 'BatchGetItem': {
      const tables = Object.values((input['RequestItems'] ?? {}) as Record<string, { Keys?: Item[] }>);
      const leadingKeys = tables.flatMap((table) => present((table.Keys ?? []).map(pk)));
      return [{ action: operation, on: 'table', leadingKeys }];
    }
    case 'BatchWriteItem': {
      type Write = { PutRequest?: { Item?: Item }; DeleteRequest?: { Key?: Item } };
      const tables = Object.values((input['RequestItems'] ?? {}) as Record<string, Write[]>);
      const leadingKeys = tables.flatMap((writes) =>
        present(writes.map((write) => pk(write.PutRequest?.Item ?? write.DeleteRequest?.Key))),
      );
      return [{ action: operation, on: 'table', leadingKeys }];
    }
    case 'TransactWriteItems':
    case 'TransactGetItems': {
      type Transacted = Partial<Record<TransactKind, { Item?: Item; Key?: Item }>>;
      return ((input['TransactItems'] ?? []) as Transacted[]).flatMap((item) =>
        (Object.keys(item) as TransactKind[]).map((kind) => ({
          action: transactActions[kind],
          on: 'table' as const,
          leadingKeys: present([pk(item[kind]?.Item ?? item[kind]?.Key)]),
        })),
      );
    }
    default:
      // Scan, PartiQL, table-level calls: no partition key, and no statement grants them.
      return [{ action: operation, on: 'table', leadingKeys: [] }];
  }
}

/** The IAM action an SDK operation of another service needs. */
function iamAction(service: AwsServiceName, operation: string): string {
  return service === 's3' && operation === 'HeadObject' ? 'GetObject' : operation;
}

function allows(access: AwsAccess, service: AwsServiceName, action: string, key?: string): boolean {
  switch (service) {
    case 'dynamodb':
      // Item requests are held to their leading keys by checkTableRequest; this is the action alone.
      return (tableActions[access.table] as readonly string[]).includes(action);
    case 's3':
      // The ranking job's private prefix has its own grant; every other key is an upload's.
      if (key?.startsWith(RANKING_INPUTS_PREFIX))
        return (access.rankingInputs as readonly string[] | undefined)?.includes(action) ?? false;
      return (access.uploads as readonly string[] | undefined)?.includes(action) ?? false;
    case 'cognito-idp':
      return (access.userPool as readonly string[] | undefined)?.includes(action) ?? false;
    case 'ses':
      return access.mail === true && action === 'SendEmail';
    case 'secretsmanager':
      // Every API function reads the origin secret (origin-lock.ts), and nothing else.
      return action === 'GetSecretValue';
    case 'lambda':
      return (
        (access.startsRankingJob === true || access.startsReminderSenders === true) &&
        action === 'InvokeFunction'
      );
  }
}

/** The error AWS answers a call that no policy allows (its name and status per service). */
export class AccessDeniedError extends Error {
  readonly $fault = 'client';
  readonly $metadata: { httpStatusCode: number };
  constructor(service: AwsServiceName, action: string, route: string) {
    super(
      `User: arn:aws:sts::000000000000:assumed-role/${route}/${route} is not authorized to perform: ` +
        `${service}:${action} because no identity-based policy allows the ${service}:${action} action`,
    );
    this.name = service === 's3' ? 'AccessDenied' : 'AccessDeniedException';
    this.$metadata = { httpStatusCode: service === 's3' ? 403 : 400 };
  }
}

/**
 * Checks one action against the running route's declaration. Clients call it through their
 * middleware; a presigned POST, which the browser sends, checks the PutObject it will need here.
 */
export function checkAwsAction(service: AwsServiceName, action: string, key?: string): void {
  const scope = scopes.getStore();
  if (!scope) return;
  const allowed = allows(scope.access, service, action, key);
  scope.onCall?.({ action: `${service}:${action}`, allowed });
  if (!allowed) throw new AccessDeniedError(service, action, scope.name);
}

const grantsByAccess = new WeakMap<AwsAccess, TableGrant[]>();

/** Checks one table request against the running route's declared partitions (its IAM statements). */
export function checkTableRequest(request: TableRequest): void {
  const scope = scopes.getStore();
  if (!scope) return;
  let grants = grantsByAccess.get(scope.access);
  if (!grants) grantsByAccess.set(scope.access, (grants = tableGrants(scope.access)));
  const allowed = tableRequestAllowed(grants, request);
  scope.onCall?.({ action: `dynamodb:${request.action}`, allowed, leadingKeys: request.leadingKeys });
  if (!allowed) throw new AccessDeniedError('dynamodb', request.action, scope.name);
}

interface GuardableClient {
  middlewareStack: {
    add(
      middleware: (
        next: (args: { input: unknown }) => Promise<unknown>,
        context: { commandName?: string },
      ) => (args: { input: unknown }) => Promise<unknown>,
      options: { step: 'initialize'; name: string; override: boolean },
    ): void;
    remove(name: string): boolean;
  };
}

/**
 * Adds the declaration check to a client; every client of the functions is created through it. The
 * table's client names its partition key attributes, so each request is held to its leading keys.
 *
 * It also takes out the SDK's logger middleware. The functions give their clients no logger (they
 * log through Powertools), so the SDK's default one drops every record, yet the middleware first
 * passes each call's input and whole output through the schema's sensitive-field filter to build
 * that record: a walk over every item a Query returns, about 5% of the client's CPU for a page of
 * 100 items (profiled against DynamoDB Local). An error still reaches the caller as before.
 *
 * In Lambda the client is traced too (lib/tracer.ts): each call a subsegment of the invocation's trace.
 */
export function guardClient<C>(service: AwsServiceName, client: C, table?: TablePartitionKeys): C {
  const { middlewareStack } = client as unknown as GuardableClient;
  middlewareStack.remove('loggerMiddleware');
  middlewareStack.add(
    (next, context) => async (args) => {
      const operation = (context.commandName ?? '').replace(/Command$/, '');
      const input = (args.input ?? {}) as Input;
      if (service === 'dynamodb') {
        if (!table) throw new Error('the table client needs its partition key attributes');
        for (const request of tableRequests(operation, input, table)) checkTableRequest(request);
        const injected = await scopes.getStore()?.fault?.(operation, input);
        if (injected) throw injected;
      } else {
        const key = input['Key'];
        checkAwsAction(service, iamAction(service, operation), typeof key === 'string' ? key : undefined);
      }
      return next(args);
    },
    { step: 'initialize', name: 'declaredAwsAccess', override: true },
  );
  return traced(client);
}

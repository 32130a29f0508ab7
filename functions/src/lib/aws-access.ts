import { AsyncLocalStorage } from 'node:async_hooks';
import { RANKING_INPUTS_PREFIX, tableActions, type AwsAccess } from '@golf/shared/aws-access';

/**
 * The access a route declares in the route table (`aws`), held to locally. In AWS, IAM grants a
 * function exactly that declaration (infra/lib/constructs/api-function.ts); the local stack runs
 * each handler inside `runWithAwsAccess`, and every SDK client refuses, with the error AWS answers,
 * a call the declaration does not allow. Outside such a run (AWS, jobs, seed, tests calling a
 * repository directly) the guard lets every call through.
 */
export type AwsServiceName = 'dynamodb' | 's3' | 'cognito-idp' | 'ses' | 'secretsmanager' | 'lambda';

export interface AwsCall {
  /** `dynamodb:PutItem`, `s3:GetObject`, ... */
  action: string;
  allowed: boolean;
}

interface Scope {
  name: string;
  access: AwsAccess;
  onCall?: (call: AwsCall) => void;
}

const scopes = new AsyncLocalStorage<Scope>();

/** Work a handler starts that outlives its request (the local ranking job): no route's declaration. */
export const runOutsideAwsAccess = <T>(fn: () => T): T => scopes.exit(fn);

export function runWithAwsAccess<T>(
  name: string,
  access: AwsAccess,
  fn: () => Promise<T>,
  onCall?: (call: AwsCall) => void,
): Promise<T> {
  return scopes.run({ name, access, onCall }, fn);
}

type TransactItem = Partial<Record<'Put' | 'Update' | 'Delete' | 'ConditionCheck', unknown>>;
const transactActions = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
};

/** The IAM actions an SDK operation needs (a transaction needs those of its items). */
function iamActions(service: AwsServiceName, operation: string, input: unknown): string[] {
  if (service === 'dynamodb' && operation === 'TransactWriteItems') {
    const items = ((input as { TransactItems?: TransactItem[] }).TransactItems ?? []).flatMap((item) =>
      Object.keys(item).map((kind) => transactActions[kind as keyof typeof transactActions]),
    );
    return [...new Set(items)];
  }
  if (service === 'dynamodb' && operation === 'TransactGetItems') return ['GetItem'];
  if (service === 's3' && operation === 'HeadObject') return ['GetObject'];
  return [operation];
}

function allows(access: AwsAccess, service: AwsServiceName, action: string, key?: string): boolean {
  switch (service) {
    case 'dynamodb':
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
      return access.startsRankingJob === true && action === 'InvokeFunction';
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

interface GuardableClient {
  middlewareStack: {
    add(
      middleware: (
        next: (args: { input: unknown }) => Promise<unknown>,
        context: { commandName?: string },
      ) => (args: { input: unknown }) => Promise<unknown>,
      options: { step: 'initialize'; name: string; override: boolean },
    ): void;
  };
}

/** Adds the declaration check to a client; every client of the functions is created through it. */
export function guardClient<C>(service: AwsServiceName, client: C): C {
  (client as unknown as GuardableClient).middlewareStack.add(
    (next, context) => async (args) => {
      const operation = (context.commandName ?? '').replace(/Command$/, '');
      const key = (args.input as { Key?: unknown } | undefined)?.Key;
      for (const action of iamActions(service, operation, args.input))
        checkAwsAction(service, action, typeof key === 'string' ? key : undefined);
      return next(args);
    },
    { step: 'initialize', name: 'declaredAwsAccess', override: true },
  );
  return client;
}

import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DynamoDBClient,
  GetItemCommand,
  ListTablesCommand,
  PutItemCommand,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseOnRunDynamoDb, startRunDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';

const region = 'ap-northeast-1';
const variable = 'LOCAL_DYNAMODB_RUN';

const clientOf = (database: DynamoDbLocal) =>
  new DynamoDBClient({
    endpoint: database.endpoint,
    region,
    credentials: { accessKeyId: database.accessKeyId!, secretAccessKey: database.accessKeyId! },
  });

const tableNames = async (database: DynamoDbLocal) =>
  (await clientOf(database).send(new ListTablesCommand({}))).TableNames ?? [];

const valueIn = async (database: DynamoDbLocal) =>
  (await clientOf(database).send(new GetItemCommand({ TableName: 'golf-run', Key: { pk: { S: 'item' } } })))
    .Item?.['value']?.S;

const putValue = (database: DynamoDbLocal, value: string) =>
  clientOf(database).send(
    new PutItemCommand({ TableName: 'golf-run', Item: { pk: { S: 'item' }, value: { S: value } } }),
  );

describe("the run's DynamoDB Local", () => {
  const outer = process.env[variable];
  let root: string;
  let run: DynamoDbLocal;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'run-dynamodb-test-'));
    run = await startRunDynamoDbLocal(join(root, 'run'));
  }, 60_000);
  afterAll(async () => {
    await run.stop();
    // npm test's own run goes on being named for the files after this one.
    if (outer === undefined) delete process.env[variable];
    else process.env[variable] = outer;
    rmSync(root, { recursive: true, force: true });
  });

  it('gives each stack a database of its own, and one started from a copy of another holds its data', async () => {
    const first = databaseOnRunDynamoDb(join(root, 'first'), region)!;
    await clientOf(first).send(
      new CreateTableCommand({
        TableName: 'golf-run',
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        BillingMode: 'PAY_PER_REQUEST',
      }),
    );
    await putValue(first, 'first');

    // A seed template's copy: the file a stack of its own would keep (`-sharedDb`).
    mkdirSync(join(root, 'copy'));
    copyFileSync(
      join(root, 'first', 'shared-local-instance.db'),
      join(root, 'copy', 'shared-local-instance.db'),
    );
    const copy = databaseOnRunDynamoDb(join(root, 'copy'), region)!;
    expect(copy.accessKeyId).not.toBe(first.accessKeyId);
    expect(await valueIn(copy)).toBe('first');
    await putValue(copy, 'copy');
    expect(await valueIn(copy)).toBe('copy');
    expect(await valueIn(first)).toBe('first');

    // A stack without a folder starts on an empty database, which goes with it.
    const fresh = databaseOnRunDynamoDb(null, region)!;
    expect(await tableNames(fresh)).toEqual([]);
    const links = readdirSync(join(root, 'run'));
    expect(links).toContain(`${fresh.accessKeyId}_${region}.db`);
    await fresh.stop();
    expect(readdirSync(join(root, 'run'))).not.toContain(`${fresh.accessKeyId}_${region}.db`);

    await copy.stop();
    await first.stop();
    // The stacks' own files are theirs to remove; only the links go.
    expect(existsSync(join(root, 'first', 'shared-local-instance.db'))).toBe(true);
  });

  it('is none when no run names one: a stack then starts a DynamoDB Local of its own', async () => {
    const named = process.env[variable];
    delete process.env[variable];
    try {
      expect(databaseOnRunDynamoDb(null, region)).toBeUndefined();
    } finally {
      process.env[variable] = named;
    }
  });
});

import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import type { AwsAccess } from '@golf/shared/contracts';
import {
  AccessDeniedError,
  checkAwsAction,
  checkTableRequest,
  guardClient,
  runWithAwsAccess,
  tableRequests,
} from './aws-access';

const inputs = 'ranking-inputs/teams/G/R1.json.gz';
const upload = 'uploads/share/a.png';

describe('object grants by prefix', () => {
  it.each<[AwsAccess, string, boolean]>([
    [{ table: 'none', uploads: ['GetObject'] }, inputs, false],
    [{ table: 'none', rankingInputs: ['GetObject'] }, inputs, true],
    [{ table: 'none', rankingInputs: ['GetObject'] }, upload, false],
    [{ table: 'none', uploads: ['GetObject'] }, upload, true],
  ])('%j reading %s: allowed %s', async (access, key, allowed) => {
    const read = runWithAwsAccess('job', access, async () => checkAwsAction('s3', 'GetObject', key));
    if (allowed) await expect(read).resolves.toBeUndefined();
    else await expect(read).rejects.toBeInstanceOf(AccessDeniedError);
  });
});

describe('table requests held to the partitions a route names (dynamodb:LeadingKeys)', () => {
  const partitionKeys = { table: 'PK', indexes: { GSI1: 'GSI1PK', GSI2: 'GSI2PK' } };
  const access: AwsAccess = {
    table: 'write',
    keys: { read: ['TOURNAMENT#'], write: ['TEAM#', 'ROUNDLOCK#'], index: ['TOURNAMENTS'] },
  };
  const run = (operation: string, input: Record<string, unknown>) =>
    runWithAwsAccess('saveTeam', access, async () => {
      for (const request of tableRequests(operation, input, partitionKeys)) checkTableRequest(request);
    });

  it('reads each operation’s keys as IAM does: a Query’s own key, an index’s key, each transaction item', () => {
    expect(
      tableRequests(
        'Query',
        {
          IndexName: 'GSI1',
          KeyConditionExpression: '#pk = :pk AND GSI1SK <= :now',
          ExpressionAttributeNames: { '#pk': 'GSI1PK' },
          ExpressionAttributeValues: { ':pk': 'TOURNAMENTS', ':now': '2026' },
        },
        partitionKeys,
      ),
    ).toEqual([{ action: 'Query', on: 'indexes', leadingKeys: ['TOURNAMENTS'] }]);
    expect(
      tableRequests(
        'TransactWriteItems',
        {
          TransactItems: [
            { ConditionCheck: { Key: { PK: { S: 'ROUNDLOCK#g#R1#0' } } } },
            { Put: { Item: { PK: 'TEAM#g#R1', SK: 'USER#u' } } },
          ],
        },
        partitionKeys,
      ),
    ).toEqual([
      { action: 'ConditionCheckItem', on: 'table', leadingKeys: ['ROUNDLOCK#g#R1#0'] },
      { action: 'PutItem', on: 'table', leadingKeys: ['TEAM#g#R1'] },
    ]);
    expect(
      tableRequests(
        'BatchGetItem',
        { RequestItems: { golf: { Keys: [{ PK: 'TOURNAMENT#a' }, { PK: 'USER#u' }] } } },
        partitionKeys,
      ),
    ).toEqual([{ action: 'BatchGetItem', on: 'table', leadingKeys: ['TOURNAMENT#a', 'USER#u'] }]);
  });

  it('allows its own partitions and refuses others with AccessDeniedException', async () => {
    await expect(run('PutItem', { Item: { PK: 'TEAM#g#R1', SK: 'USER#u' } })).resolves.toBeUndefined();
    await expect(run('GetItem', { Key: { PK: 'TOURNAMENT#g', SK: 'META' } })).resolves.toBeUndefined();
    // Read, but not written.
    await expect(run('PutItem', { Item: { PK: 'TOURNAMENT#g', SK: 'META' } })).rejects.toMatchObject({
      name: 'AccessDeniedException',
      $metadata: { httpStatusCode: 400 },
    });
    await expect(run('UpdateItem', { Key: { PK: 'USER#u', SK: 'PROFILE' } })).rejects.toBeInstanceOf(
      AccessDeniedError,
    );
    // One key of a batch outside refuses the whole batch.
    await expect(
      run('BatchGetItem', { RequestItems: { golf: { Keys: [{ PK: 'TOURNAMENT#a' }, { PK: 'USER#u' }] } } }),
    ).rejects.toBeInstanceOf(AccessDeniedError);
  });

  it('holds an index to its listings, not the table’s partitions, and refuses a Scan', async () => {
    const query = (IndexName: string | undefined, value: string) =>
      run('Query', {
        ...(IndexName ? { IndexName } : {}),
        KeyConditionExpression: `${IndexName ? 'GSI1PK' : 'PK'} = :pk`,
        ExpressionAttributeValues: { ':pk': value },
      });
    await expect(query('GSI1', 'TOURNAMENTS')).resolves.toBeUndefined();
    await expect(query('GSI1', 'GUILDS#PUBLIC')).rejects.toBeInstanceOf(AccessDeniedError);
    await expect(query(undefined, 'TOURNAMENTS')).rejects.toBeInstanceOf(AccessDeniedError);
    await expect(query(undefined, 'TOURNAMENT#g')).resolves.toBeUndefined();
    await expect(run('Scan', {})).rejects.toBeInstanceOf(AccessDeniedError);
  });

  it('gives a job without partitions the whole table, item actions only', async () => {
    const job = runWithAwsAccess('job', { table: 'write' }, async () => {
      checkTableRequest({ action: 'PutItem', on: 'table', leadingKeys: ['USER#u'] });
      checkTableRequest({ action: 'Query', on: 'indexes', leadingKeys: ['GUILDS#PUBLIC'] });
    });
    await expect(job).resolves.toBeUndefined();
    const scan = runWithAwsAccess('job', { table: 'write' }, async () =>
      checkTableRequest({ action: 'Scan', on: 'table', leadingKeys: [] }),
    );
    await expect(scan).rejects.toBeInstanceOf(AccessDeniedError);
  });
});

describe('a guarded client', () => {
  it('checks the declared access and builds no record for the SDK logger, which would drop it', () => {
    const plain = new S3Client({ region: 'ap-northeast-1' });
    expect(plain.middlewareStack.identify().some((entry) => entry.startsWith('loggerMiddleware'))).toBe(true);
    const guarded = guardClient('s3', new S3Client({ region: 'ap-northeast-1' }));
    const names = guarded.middlewareStack.identify();
    expect(names.some((entry) => entry.startsWith('loggerMiddleware'))).toBe(false);
    expect(names.some((entry) => entry.startsWith('declaredAwsAccess'))).toBe(true);
  });
});

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { guardClient } from '../lib/aws-access';
import { baseConfig } from '../lib/config';
import { tableKeys } from './table-definition';

/** Where each request's leading key is: the table's partition key, or its index's. */
const partitionKeys = {
  table: tableKeys.partitionKey,
  indexes: Object.fromEntries(tableKeys.indexes.map((index) => [index.name, index.partitionKey])),
};

let documentClient: DynamoDBDocumentClient | undefined;

/**
 * One client per Lambda container. The endpoint comes from AWS_ENDPOINT_URL(_DYNAMODB) when set,
 * which is how the local stack points the same code at DynamoDB Local.
 */
export function db(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(
    guardClient(
      'dynamodb',
      new DynamoDBClient({
        maxAttempts: 5,
        requestHandler: { httpAgent: { keepAlive: true, maxSockets: baseConfig().DYNAMODB_MAX_SOCKETS } },
      }),
      partitionKeys,
    ),
    {
      marshallOptions: { removeUndefinedValues: true },
    },
  );
  return documentClient;
}

export const tableName = (): string => baseConfig().TABLE_NAME;

/** For tests that inject faults or point at another endpoint. */
export function setDb(client: DynamoDBDocumentClient | undefined): void {
  documentClient = client;
}

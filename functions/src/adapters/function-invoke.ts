/**
 * Starts another function without waiting for it: an asynchronous invoke (`Event`), which Lambda
 * queues and answers at once (the ranking job, the reminder senders).
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { guardClient } from '../lib/aws-access';

let client: LambdaClient | undefined;

export async function invokeWithoutWaiting(functionName: string, payload?: object): Promise<void> {
  client ??= guardClient('lambda', new LambdaClient({}));
  await client.send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      ...(payload ? { Payload: JSON.stringify(payload) } : {}),
    }),
  );
}

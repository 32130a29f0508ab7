import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConfig } from '../../lib/config';
import { startReminderSenders } from '../reminders/start-reminder-senders';
import { handedOverJobs, runJobsInProcess } from './in-process-jobs';
import { startRankingJob } from './start-ranking-job';

const lambda = mockClient(LambdaClient);
const handedOver = handedOverJobs();
const environment = { ...process.env };
afterAll(() => lambda.restore());

/**
 * A deployed function: its jobs' functions named, no entry handed over. Its stage is `local` in
 * LocalStack, so the stage decides nothing.
 */
describe.each(['prod', 'local'])('a function at stage %s', (stage) => {
  beforeEach(() => {
    lambda.reset();
    lambda.on(InvokeCommand).resolves({ StatusCode: 202 });
    Object.assign(process.env, {
      TABLE_NAME: `golf-${stage}`,
      UPLOADS_BUCKET: `golf-${stage}-uploads`,
      AUTH_ISSUER: 'https://issuer.example',
      AUTH_JWKS_URL: 'https://issuer.example/jwks.json',
      AUTH_AUDIENCE: 'golf-web',
      AUTH_OAUTH_URL: 'https://auth.example',
      MAIL_FROM: 'no-reply@golf.example.jp',
      SITE_URL: 'https://golf.example.jp',
      AWS_REGION: 'ap-northeast-1',
      STAGE: stage,
      RANKING_JOB_FUNCTION: `golf-${stage}-ranking-job`,
      REMINDER_SENDER_FUNCTION: `golf-${stage}-reminder-sender`,
    });
    resetConfig();
    runJobsInProcess(undefined);
  });
  afterEach(() => {
    process.env = { ...environment };
    resetConfig();
    runJobsInProcess(handedOver);
  });
  const invoked = () => lambda.commandCalls(InvokeCommand).map((call) => call.args[0].input);

  it('starts the ranking job by an asynchronous invoke of its function', async () => {
    await startRankingJob();
    expect(invoked()).toEqual([{ FunctionName: `golf-${stage}-ranking-job`, InvocationType: 'Event' }]);
  });

  it('starts each slot’s reminder sender by an asynchronous invoke, and waits for none', async () => {
    await expect(startReminderSenders(2, new Date())).resolves.toEqual([]);
    expect(invoked()).toEqual(
      [0, 1].map((slot) => ({
        FunctionName: `golf-${stage}-reminder-sender`,
        InvocationType: 'Event',
        Payload: JSON.stringify({ slot }),
      })),
    );
  });
});

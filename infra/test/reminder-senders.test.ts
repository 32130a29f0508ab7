import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { reminderMailRate } from '../lib/config';
import { buildStageApp, stageApp, testStage } from './apps';

const { jobs, monitoring } = stageApp(testStage);
const template = Template.fromStack(jobs);

type Statement = { Action: unknown; Resource: unknown };
/** The IAM statements of the policies whose logical id starts with `name`. */
const statementsOf = (name: string): Statement[] =>
  Object.entries(template.findResources('AWS::IAM::Policy'))
    .filter(([id]) => id.startsWith(name))
    .flatMap(
      ([, policy]) =>
        (policy as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties.PolicyDocument
          .Statement,
    );
const invokes = (statement: Statement) => JSON.stringify(statement.Action).includes('lambda:InvokeFunction');

describe('the reminder senders', () => {
  it('are one named function, given the SES rate (14 a second unless the context says) and their number', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'golf-test-reminder-sender',
      Timeout: 300,
      MemorySize: 1024,
      Environment: {
        Variables: Match.objectLike({
          REMINDER_MAILS_PER_SECOND: '14',
          REMINDER_SENDERS: '1',
          REMINDER_SENDER_FUNCTION: 'golf-test-reminder-sender',
          MAIL_TRANSPORT: 'ses',
        }),
      },
    });
  });

  it('are started by the reminders job, which knows the rate, and by a sender for its successor only', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          REMINDER_SENDER_FUNCTION: 'golf-test-reminder-sender',
          REMINDER_MAILS_PER_SECOND: '14',
        }),
      },
      Timeout: 300,
      FunctionName: Match.absent(),
    });
    for (const name of ['Reminders', 'ReminderSender']) {
      const granted = statementsOf(name).filter(invokes);
      expect(granted, name).toHaveLength(1);
      expect(JSON.stringify(granted[0]!.Resource), name).toContain(':function:golf-test-reminder-sender');
    }
    for (const name of ['CarryOver', 'SaveReceipts'])
      expect(statementsOf(name).filter(invokes), name).toEqual([]);
  });

  it('are never retried by Lambda (a batch’s lease brings it back): a failed run goes to their dead-letter queue, with alarms', () => {
    const senders = Object.keys(
      template.findResources('AWS::Lambda::Function', {
        Properties: { FunctionName: 'golf-test-reminder-sender' },
      }),
    );
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: senders[0] },
      MaximumRetryAttempts: 0,
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
    const alarms = Object.keys(Template.fromStack(monitoring).findResources('AWS::CloudWatch::Alarm'));
    for (const name of ['ReminderSenderErrors', 'ReminderSenderDeadLetters'])
      expect(
        alarms.some((id) => id.startsWith(name)),
        name,
      ).toBe(true);
  });

  it('follow the context’s rate: 500 mails a second is shared by 4 senders', () => {
    const { jobs: faster } = buildStageApp({ ...testStage, reminderMailsPerSecond: 500 });
    Template.fromStack(faster).hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'golf-test-reminder-sender',
      Environment: {
        Variables: Match.objectLike({ REMINDER_MAILS_PER_SECOND: '500', REMINDER_SENDERS: '4' }),
      },
    });
  });

  it('refuse a rate that is not a positive number, naming the key', () => {
    const node = (value: unknown) => ({ tryGetContext: () => value });
    expect(reminderMailRate(node(undefined))).toBe(14);
    expect(reminderMailRate(node('250'))).toBe(250);
    for (const wrong of ['0', '-3', 'fast'])
      expect(() => reminderMailRate(node(wrong)), wrong).toThrow(/reminderMailsPerSecond/);
  });
});

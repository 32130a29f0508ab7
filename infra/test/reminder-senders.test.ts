import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { readConfig, reminderMailRate } from '../lib/config';
import { deployedRoutes } from '../lib/stacks/api-stack';
import { buildStageApp, prodStage, stageApp, testStage } from './apps';

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

/** Every function of an app (the nested stacks' included): its logical id, variables and IAM statements. */
function functionsOf(app: ReturnType<typeof stageApp>['app']) {
  return app.node
    .findAll()
    .filter((node): node is Stack => Stack.isStack(node))
    .flatMap((stack) => {
      const stackTemplate = Template.fromStack(stack);
      const policies = Object.values(stackTemplate.findResources('AWS::IAM::Policy')).map((policy) =>
        JSON.stringify(policy),
      );
      return Object.entries(stackTemplate.findResources('AWS::Lambda::Function')).map(([id, fn]) => {
        const role = JSON.stringify((fn as { Properties: { Role?: unknown } }).Properties.Role);
        const roleId = /"Fn::GetAtt":\["([^"]+)"/.exec(role)?.[1];
        return {
          id: `${stack.node.path}/${id}`,
          variables:
            (fn as { Properties: { Environment?: { Variables?: Record<string, unknown> } } }).Properties
              .Environment?.Variables ?? {},
          policies: policies.filter((policy) => roleId !== undefined && policy.includes(`"Ref":"${roleId}"`)),
        };
      });
    });
}

describe('LINE reminders', () => {
  const readsToken = (policies: string[], stage: string) =>
    policies.some(
      (policy) =>
        policy.includes('secretsmanager:GetSecretValue') &&
        policy.includes(`:secret:golf-${stage}/line-messaging-??????`),
    );

  it('with the stage’s LINE channel: the sender has the transport, the token’s secret and the grant to read it, and nothing else may read it', () => {
    const functions = functionsOf(stageApp(testStage).app);
    const sender = functions.find(
      (fn) => fn.variables['REMINDER_SENDER_FUNCTION'] && fn.id.includes('ReminderSender'),
    )!;
    expect(sender.variables).toMatchObject({
      LINE_TRANSPORT: 'messaging-api',
      LINE_CHANNEL_SECRET_ID: 'golf-test/line-messaging',
    });
    expect(readsToken(sender.policies, 'test')).toBe(true);
    const others = functions.filter((fn) => fn !== sender);
    expect(others.filter((fn) => readsToken(fn.policies, 'test')).map((fn) => fn.id)).toEqual([]);
    expect(others.filter((fn) => 'LINE_CHANNEL_SECRET_ID' in fn.variables).map((fn) => fn.id)).toEqual([]);
    // The reminder settings offer LINE (line_available), and the reminders job plans LINE messages.
    const offering = functions.filter((fn) => fn.variables['LINE_TRANSPORT'] === 'messaging-api');
    expect(offering.length).toBeGreaterThan(deployedRoutes().length);
  });

  it('without one: LINE off on every function (players are not offered it), no token and no grant', () => {
    const functions = functionsOf(stageApp(prodStage).app);
    const transports = new Set(
      functions.filter((fn) => 'LINE_TRANSPORT' in fn.variables).map((fn) => fn.variables['LINE_TRANSPORT']),
    );
    expect([...transports]).toEqual(['none']);
    expect(functions.filter((fn) => 'LINE_CHANNEL_SECRET_ID' in fn.variables)).toEqual([]);
    expect(functions.filter((fn) => fn.policies.some((policy) => policy.includes('line-messaging')))).toEqual(
      [],
    );
  });

  it('are set per stage in the context, and need LINE sign-in (a reminder reaches the players who signed in with LINE)', () => {
    const node = (values: Record<string, unknown>) => ({ tryGetContext: (key: string) => values[key] });
    const byStage = { lineReminders: { prod: true }, socialProviders: 'line' };
    expect(readConfig(node({ stage: 'prod', ...byStage })).lineMessaging).toEqual({
      secretName: 'golf-prod/line-messaging',
    });
    expect(readConfig(node({ stage: 'dev', ...byStage })).lineMessaging).toBeUndefined();
    expect(readConfig(node({ stage: 'dev', socialProviders: 'line' })).lineMessaging).toBeUndefined();
    expect(() => readConfig(node({ stage: 'dev', lineReminders: 'true' }))).toThrowError(
      /lineReminders needs line in socialProviders/,
    );
    expect(() =>
      readConfig(node({ stage: 'dev', lineReminders: 'maybe', socialProviders: 'line' })),
    ).toThrowError(/lineReminders maybe: true or false/);
  });
});

import { CfnResource, type IAspect } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { CfnLogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/** What a function needs to send its trace segments (X-Ray grants these on no narrower resource). */
const xrayWrite = () =>
  new iam.PolicyStatement({
    actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'],
    resources: ['*'],
  });
const xrayReason =
  'X-Ray’s PutTraceSegments and PutTelemetryRecords take no resource: active tracing needs them on *';

/** A construct that can add a statement to its execution role: a Function, or CDK's own providers. */
interface HasRolePolicy extends IConstruct {
  addToRolePolicy(statement: unknown): unknown;
}
const hasRolePolicy = (construct: IConstruct | undefined): construct is HasRolePolicy =>
  typeof (construct as Partial<HasRolePolicy> | undefined)?.addToRolePolicy === 'function';

/**
 * Turns X-Ray active tracing on for every Lambda function of the app (ours, the jobs, the Cognito
 * trigger, and CDK's own providers), with the role permission it needs. A Function gets the grant
 * in a policy of its own, so that the wildcard X-Ray needs is acknowledged there and nowhere else.
 */
export class ActiveTracing implements IAspect {
  visit(node: IConstruct): void {
    if (!CfnResource.isCfnResource(node) || node.cfnResourceType !== 'AWS::Lambda::Function') return;
    const owner = node.node.scope;
    if (node instanceof lambda.CfnFunction) {
      const current = node.tracingConfig as lambda.CfnFunction.TracingConfigProperty | undefined;
      if (current?.mode === 'Active') return;
      node.tracingConfig = { mode: 'Active' };
    } else {
      node.addPropertyOverride('TracingConfig', { Mode: 'Active' });
    }
    if (owner instanceof lambda.Function && owner.role) {
      const policy = new iam.Policy(owner, 'Tracing', { statements: [xrayWrite()] });
      policy.attachToRole(owner.role);
      NagSuppressions.addResourceSuppressions(policy, [
        { id: 'AwsSolutions-IAM5', reason: xrayReason, appliesTo: ['Resource::*'] },
      ]);
    } else if (hasRolePolicy(owner)) {
      owner.addToRolePolicy({ Effect: 'Allow', Action: xrayWrite().actions, Resource: '*' });
      const role = owner.node.tryFindChild('Role');
      if (role) {
        NagSuppressions.addResourceSuppressions(role, [
          { id: 'AwsSolutions-IAM5', reason: xrayReason, appliesTo: ['Resource::*'] },
        ]);
      }
    } else {
      throw new Error(`${node.node.path}: no role to grant X-Ray tracing to`);
    }
  }
}

/** Keeps every log group of the app (functions, API access logs) for the stage's retention. */
export class StageLogRetention implements IAspect {
  constructor(private readonly retention: RetentionDays) {}

  visit(node: IConstruct): void {
    if (node instanceof CfnLogGroup) {
      node.retentionInDays = this.retention === RetentionDays.INFINITE ? undefined : this.retention;
    }
  }
}

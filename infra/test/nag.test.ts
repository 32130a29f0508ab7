import { Stack, type App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { localStackContext } from '../lib/config';
import { buildStageApp, prodStage, stageApp, testStage } from './apps';

/** The AwsSolutions errors left unsuppressed in every stack of an app built with this context. */
function nagErrors(extra: Record<string, unknown>): string[] {
  return nagErrorsOf(buildStageApp(extra).app);
}

/**
 * The AwsSolutions errors left unsuppressed in every stack of `app`, read from the messages of the
 * app's one synth (what `Annotations.fromStack` reads, without the whole app synthesized again for
 * each stack).
 */
function nagErrorsOf(app: App): string[] {
  const assembly = app.synth();
  return app.node
    .findAll()
    .filter((node): node is Stack => Stack.isStack(node) && !node.nested)
    .flatMap((stack) =>
      assembly
        .getStackArtifact(stack.artifactId)
        .messages.filter(
          (message) => message.level === 'error' && /AwsSolutions-.*/.test(String(message.entry.data)),
        )
        .map((message) => `${message.id}: ${String(message.entry.data).split('\n')[0]}`),
    );
}

// Each case synthesises the whole app, all bundling skipped (the first reads the stacks' tests' synth,
// the last the bill's and the observability checks').
describe('cdk-nag (AwsSolutions)', { timeout: 240_000 }, () => {
  it('finds no unsuppressed error in any stack (a nested stack reports through its parent)', () => {
    expect(nagErrorsOf(stageApp(testStage).app)).toEqual([]);
  });

  it('finds none in the LocalStack stage that npm run deploy:localstack deploys', () => {
    expect(nagErrors({ ...localStackContext })).toEqual([]);
  });

  it('finds none with a custom domain either, where TLS 1.2 is required', () => {
    expect(nagErrorsOf(stageApp(prodStage).app)).toEqual([]);
  });
});

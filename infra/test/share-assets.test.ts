import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { shareCardAssets } from '../../functions/src/lib/share-card';
import { routes } from '../../shared/src/contracts';
import { ApiFunction } from '../lib/constructs/api-function';

// Bundles the one function for real (local esbuild), as `cdk synth` does, and looks in its asset.
describe('the share card function', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'golf-share-asset-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('ships the font and the rasteriser next to its bundle, where the code reads them', () => {
    const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': ['ShareAssets'] } });
    const stack = new Stack(app, 'ShareAssets');
    new ApiFunction(stack, 'CreateShareCard', {
      handler: routes.createShareCard.handler,
      aws: routes.createShareCard.aws,
      environment: {},
      assets: shareCardAssets,
      resources: {
        table: new dynamodb.TableV2(stack, 'Table', {
          partitionKey: { name: 'PK', type: dynamodb.AttributeType.STRING },
        }),
        uploads: new s3.Bucket(stack, 'Uploads'),
        userPool: new cognito.UserPool(stack, 'Pool'),
        mailFrom: 'no-reply@golf.example.jp',
      },
    });
    app.synth();
    const assets = readdirSync(outdir).filter((name) => name.startsWith('asset.'));
    const bundle = assets.map((name) => join(outdir, name)).find((dir) => existsSync(join(dir, 'index.mjs')));
    expect(bundle).toBeDefined();
    const files = readdirSync(bundle!);
    for (const asset of shareCardAssets) expect(files).toContain(basename(asset));
  }, 120_000);
});

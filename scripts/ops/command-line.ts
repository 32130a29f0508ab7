/**
 * The operator CLI's command line read before any call: the command, its positional arguments and
 * its flags. A flag the command does not take, a value flag without its value or a switch given a
 * value is refused, so that a mistyped `--dry-run` never runs the action for real.
 */
import { commands, type Command, type FlagName } from './commands';

export const usage = [
  'usage: npm run ops -- <command> [options]',
  ...Object.values(commands).flatMap((command) => command.usage),
  'options: --url URL (else OPS_URL, else the local stack at http://127.0.0.1:$PORT, PORT 3000 by default)',
  '         --token <operator access token>  --dry-run  --format json|csv',
].join('\n');

/** Whether each flag takes a value (`--flag value` or `--flag=value`) or is a switch. */
const flagKinds: Record<FlagName, 'value' | 'switch'> = {
  url: 'value',
  token: 'value',
  'dry-run': 'switch',
  format: 'value',
  force: 'switch',
  redraw: 'switch',
  'accept-fewer': 'switch',
  image: 'value',
  out: 'value',
  since: 'value',
  'user-pool-id': 'value',
};

/** The flags every command takes: where the API is and whose token it is. */
const globalFlags: FlagName[] = ['url', 'token'];

const isFlagName = (name: string): name is FlagName => Object.hasOwn(flagKinds, name);

const flagText = (flag: FlagName) => (flagKinds[flag] === 'value' ? `--${flag} <値>` : `--${flag}`);

/** A command line to run, or the lines that refuse it (exit code 2, nothing sent). */
export type CommandLine =
  | { command: Command; args: string[]; options: Record<string, string | true> }
  | { refused: string[] };

/** Reads `argv` as typed after `npm run ops --`. */
export function readCommandLine(argv: string[]): CommandLine {
  const positional: string[] = [];
  const options: Record<string, string | true> = {};
  // Judged once the command is known: it may be named after its flags.
  const given: Array<{ name: string; missingValue?: boolean; valueGiven?: boolean }> = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const name = arg.slice(2, equals < 0 ? undefined : equals);
    if (!isFlagName(name) || flagKinds[name] === 'switch') {
      given.push({ name, valueGiven: equals >= 0 });
      options[name] = true;
      continue;
    }
    const next = argv[i + 1];
    const value = equals >= 0 ? arg.slice(equals + 1) : next?.startsWith('--') === false ? next : '';
    if (equals < 0 && next === value) i++;
    given.push({ name, missingValue: !value });
    options[name] = value;
  }
  const [name, ...args] = positional;
  const command = name !== undefined && Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (name === undefined || !command) return { refused: [usage] };
  const accepted = [...(command.flags ?? []), ...globalFlags];
  const refusals = given.flatMap((flag) => {
    const typed = `--${flag.name}`;
    if (!accepted.some((known) => known === flag.name)) return [`${typed} は ${name} にない指定です。`];
    if (flag.valueGiven) return [`${typed} は値をとりません。`];
    if (flag.missingValue) return [`${typed} に値がありません（${typed} <値> または ${typed}=<値>）。`];
    return [];
  });
  if (refusals.length === 0) return { command, args, options };
  return {
    refused: [
      ...new Set(refusals),
      '何も実行していません。',
      ...command.usage,
      `  使える指定：${accepted.map(flagText).join(' ')}`,
    ],
  };
}

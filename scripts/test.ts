import { spawnSync } from 'node:child_process';
import { repositoryRoot } from './local-stack/paths';

/**
 * `npm test`: builds the SPA the browser tests open, then runs every vitest project
 * (unit, API against DynamoDB Local, browser journeys). Extra arguments go to vitest.
 */
const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { cwd: repositoryRoot, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('npm', ['run', 'build', '--silent']);
run('npx', ['vitest', 'run', ...process.argv.slice(2)]);

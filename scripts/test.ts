import { spawnSync } from 'node:child_process';
import { repositoryRoot } from './local-stack/paths';

/**
 * `npm test`: lints (ESLint with the layer rules, then Prettier), typechecks every workspace, builds the SPA the browser tests open, then runs the vitest projects: unit and API
 * first, the browser journeys after, then every benchmark at its smoke size. The API and e2e suites each start a local stack inside vitest's
 * main process, whose environment the handlers read, so the two never run at the same time.
 * Extra arguments go to every vitest run.
 */
const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { cwd: repositoryRoot, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const extra = process.argv.slice(2);
run('npm', ['run', 'lint', '--silent']);
run('npm', ['run', 'typecheck', '--silent']);
run('npm', ['run', 'build', '--silent']);
run('npx', ['vitest', 'run', '--project', 'unit', '--project', 'api', ...extra]);
run('npx', ['vitest', 'run', '--project', 'e2e', ...extra]);
// Every `npm run bench:*` at its smoke size, so a bench that no longer runs fails the suite.
run('npx', ['tsx', 'scripts/bench/smoke-all.ts']);

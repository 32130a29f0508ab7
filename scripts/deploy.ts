/**
 * `npm run deploy -- -c stage=<stage> ...(cdk deploy's options)`: the pre-flight checks of the stage
 * (scripts/preflight/cli.ts) with the same settings, then the SPA's build, the Lambda packages'
 * check and `cdk deploy --all`. A blocker stops it before anything is built or deployed;
 * `--skip-preflight` deploys without the checks (docs/deploy.md).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repositoryRoot } from './local-stack/paths';
import { contextFromArgs, runPreflight } from './preflight/cli';

const skipFlag = '--skip-preflight';

async function main() {
  const args = process.argv.slice(2);
  const cdkArgs = args.filter((arg) => arg !== skipFlag);
  if (!args.includes(skipFlag)) {
    const code = await runPreflight(contextFromArgs(cdkArgs).context);
    if (code !== 0) {
      console.error(
        `\nNothing was deployed. Fix the above, or deploy anyway with npm run deploy -- ${skipFlag} ...`,
      );
      process.exitCode = code;
      return;
    }
    console.log('');
  }
  const run = (command: string, commandArgs: string[]) => {
    console.log(`$ ${[command, ...commandArgs].join(' ')}`);
    const result = spawnSync(command, commandArgs, { cwd: repositoryRoot, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  };
  run('npm', ['run', 'build']);
  run('npm', ['run', 'lambda-packages']);
  run(join(repositoryRoot, 'node_modules/.bin/cdk'), ['deploy', '--all', ...cdkArgs]);
}

await main();

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repositoryRoot } from './local-stack/paths';
import { runSideBySide, slotCount, type Step } from './side-by-side';
import { seedTemplateRoot } from './local-stack/seed-template';
import { startRunDynamoDbLocal } from './local-stack/dynamodb-local';

/**
 * `npm test`: lints (oxfmt; oxlint with the layer zones, the project's own rules, the type-aware
 * rules and TypeScript's own errors for every workspace; knip), builds
 * the SPA, runs the vitest projects (`unit`, `unit-isolated`, `unit-synth`, `api`, `screens`, `e2e`,
 * `e2e-ops`) and every benchmark at its smoke
 * size, one step per core at a time (scripts/side-by-side.ts). The API and e2e suites each start a local stack inside their
 * vitest main process, whose environment the handlers read, so each project runs in a process of
 * its own. Each step's output is printed whole when it ends; a table of every step ends the run.
 * Extra arguments go to every vitest run.
 */
const { scripts } = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/**
 * The commands of a package.json script joined by `&&`, each a step of its own: `npm run lint` is
 * oxfmt, oxlint and knip.
 */
function scriptSteps(name: string): Step[] {
  const script = scripts[name];
  if (!script) throw new Error(`package.json has no script ${name}`);
  return script.split(' && ').map((command) => ({ label: `${name}: ${command}`, command }));
}

const extra = process.argv
  .slice(2)
  .map((argument) => `'${argument.replaceAll("'", `'\\''`)}'`)
  .join(' ');
const vitest = (projects: string[], order: Pick<Step, 'needs' | 'after'> = {}): Step => ({
  label: `vitest ${projects.join(' ')}`,
  command: `vitest run ${projects.map((project) => `--project ${project}`).join(' ')} ${extra}`.trim(),
  ...order,
});
const [build] = scriptSteps('build');
const lint = scriptSteps('lint');
// Every `npm run bench:*` at its smoke size, so a bench that no longer runs fails the suite: one
// after another in a process (scripts/bench/smoke-all.ts), which checks that each reached its end.
// Two such processes share the benches (`SMOKE_CLAIMS`), each taking the next one left: the first
// starts after the console's journeys, the second once the lint steps ended, on whichever core is
// free, where it takes what the first has not reached.
// Node loads tsx itself: the `tsx` command would start a Node process of its own to start this one.
const smokes = (which: string): Step => ({
  label: `npm run bench:* -- --smoke (${which})`,
  command: 'node --import tsx scripts/bench/smoke-all.ts',
  needs: [build!.label],
  after: [e2eOps.label],
});

const api = vitest(['api']);
// The unit files and their isolated twin (vitest.config.ts); those that synthesize the CDK app are a
// step of their own, after the build: the synthesized web stack deploys the built SPA.
const unit = vitest(['unit', 'unit-isolated']);
const synth = vitest(['unit-synth'], { needs: [build!.label] });
// The screens in a DOM of the test's own, against an API with the sample season (frontend/test/screens).
const screens = vitest(['screens']);
// The browser journeys, the operator console's apart (vitest.config.ts).
const e2e = vitest(['e2e'], { needs: [build!.label], after: [unit.label, synth.label, screens.label] });
const e2eOps = vitest(['e2e-ops'], { needs: [build!.label], after: [e2e.label] });
// Each free core takes the first step of this list whose needs ended. The API suite starts at once
// (it needs no build) and keeps its core the whole run (about 7 minutes); the other core builds the
// SPA and runs the unit files, the synthesizing ones and the screens beside it, then the journeys,
// the console's journeys, the benches' smoke runs and the lint steps. The journeys' waits are the
// most sensitive to a busy machine: they start once those suites ended, one browser suite at a
// time. The API suite's core, once free, takes the smoke runs left, if any.
// One seeded sample season for the run's stacks: the suites' own stacks and the smoke runs start
// from copies of it (scripts/local-stack/seed-template.ts).
const seedTemplates = seedTemplateRoot();
// The run's temporary files (each synth of the infrastructure tests writes a cdk.out of its own
// there) go in a folder of the run's, removed when it ends.
const temporary = mkdtempSync(join(tmpdir(), 'golf-test-'));
process.env['TMPDIR'] = temporary;
const removeTemporary = () => rmSync(temporary, { recursive: true, force: true });
process.once('exit', removeTemporary);
// Stopped by a signal, the run still ends through its exit handlers (the emulators and folders above).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
// One DynamoDB Local for the run's in-memory stacks, a database each (scripts/local-stack/dynamodb-local.ts).
// It lives the run's minutes, as the suites' and smokes' each did: its JVM skips the optimizing compiler.
process.env['DYNAMODB_LOCAL_SHORT_LIVED'] ??= '1';
const dynamo = await startRunDynamoDbLocal(mkdtempSync(join(seedTemplates.root, 'dynamodb-')));
process.env['SMOKE_CLAIMS'] = mkdtempSync(join(temporary, 'smokes-'));
const outcomes = await runSideBySide([
  api,
  build!,
  unit,
  synth,
  screens,
  e2e,
  e2eOps,
  smokes('first'),
  ...lint,
  smokes('second'),
]);

await dynamo.stop();
seedTemplates.remove();
removeTemporary();

const width = Math.max(...outcomes.map(({ step }) => step.label.length));
console.log(`\nnpm test, ${slotCount()} steps at a time:`);
// Each step's time, and when it ran (seconds after the first step began): the run's critical path.
for (const { step, status, start, seconds } of outcomes) {
  const span = `${start.toFixed(0).padStart(4)}–${(start + seconds).toFixed(0).padEnd(4)}`;
  console.log(
    `  ${step.label.padEnd(width)}  ${status.padEnd(7)} ${seconds.toFixed(0).padStart(5)} s  ${span}`,
  );
}
if (outcomes.some(({ status }) => status !== 'ok')) process.exit(1);

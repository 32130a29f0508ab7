import { startStack, type Stack } from '../local-stack/stack';
import { seedTemplateRoot } from '../local-stack/seed-template';

/**
 * A vitest project's one stack (in memory, the handlers in vitest's main process), on the sample
 * season of the run's seed templates: the folder `npm test` names, or one of its own when the project
 * runs alone. `stop()` ends the stack and gives the folder back.
 */
export async function startSuiteStack(
  spaDir: string | null,
): Promise<{ stack: Stack; stop(): Promise<void> }> {
  const seedTemplates = seedTemplateRoot();
  const stack = await startStack({
    port: 0,
    dataDir: null,
    spaDir,
    quiet: true,
    seedTemplate: seedTemplates.root,
  });
  return {
    stack,
    stop: async () => {
      await stack.stop();
      seedTemplates.remove();
    },
  };
}

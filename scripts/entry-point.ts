import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Whether the module at `moduleUrl` (its `import.meta.url`) is the script node was started with,
 * rather than a module another one imports: a script that is also imported (by a test, by another
 * bench) runs its command only then. It imports nothing of ours, so a light child process stays light.
 */
export function isEntryPoint(moduleUrl: string): boolean {
  return fileURLToPath(moduleUrl) === resolve(process.argv[1] ?? '');
}

import { join } from 'node:path';

export const repositoryRoot = join(import.meta.dirname, '../..');

/** The module of a route table row: `functions/src/handlers/{handler}.ts`, exporting `handler`. */
export const handlerEntry = (handler: string) =>
  join(repositoryRoot, 'functions/src/handlers', `${handler}.ts`);

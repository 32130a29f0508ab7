import { afterEach } from 'vitest';
import { endScreenTest, prepareScreenFile } from './render-app';

// Run before each screen file, also when the files share a worker (vitest.config.ts): the harness's
// module is then evaluated once for several files, and its hooks must still reach every test.
prepareScreenFile();
afterEach(endScreenTest);

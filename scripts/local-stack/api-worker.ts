/**
 * One API process of the local stack (see api-workers.ts): API Gateway and the route table's
 * functions behind a port of its own on 127.0.0.1, reached only through the local edge. Its
 * environment is the stack's; it tells the parent its port once it listens.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nowMs, setClockOffset } from '../../functions/src/lib/clock';
import { inProcessRankingJobsSettled } from '../../functions/src/domain/job-runs/start-ranking-job';
import { viewerAddressHeader } from './api-workers';
import { internalErrorAnswer, invokeApi } from './lambda-adapter';
import { askForThrottles } from './faults';
import { runJobEntriesInProcess } from './in-process-jobs';

// An operator call in this process starts the ranking job in this process.
runJobEntriesInProcess();

// The fault hook's count is the stack process's: asked once for each team save.
let asked = 0;
const answers = new Map<number, (taken: boolean) => void>();
askForThrottles(
  () =>
    new Promise<boolean>((resolve) => {
      const id = ++asked;
      answers.set(id, resolve);
      process.send?.({ takeThrottle: id });
    }),
);
process.on('message', (message: { throttleTaken?: number; taken?: boolean }) => {
  if (typeof message.throttleTaken !== 'number') return;
  answers.get(message.throttleTaken)?.(message.taken === true);
  answers.delete(message.throttleTaken);
});

const server = createServer((request, response) => {
  const viewer = request.headers[viewerAddressHeader];
  delete request.headers[viewerAddressHeader];
  invokeApi(request, { includeLocalOnly: true, sourceIp: typeof viewer === 'string' ? viewer : undefined })
    .catch((error: unknown) => {
      console.error(error);
      return internalErrorAnswer;
    })
    .then(({ status, headers, body }) => {
      response.writeHead(status, headers);
      response.end(body);
    })
    .catch(() => response.destroy());
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
// The game clock moved (POST /dev/clock): this process reads the stack's instant from now on.
process.on('message', (message: { clockOffsetMs?: number }) => {
  if (typeof message.clockOffsetMs !== 'number') return;
  setClockOffset(message.clockOffsetMs);
  process.send?.({ clockNowMs: nowMs() });
});
// The stack publishes the rankings now (POST /dev/jobs/ranking): the runs this process started end first.
process.on('message', (message: { rankingRunsEnded?: number }) => {
  if (typeof message.rankingRunsEnded !== 'number') return;
  const id = message.rankingRunsEnded;
  void inProcessRankingJobsSettled().then(() => process.send?.({ rankingRunsEndedFor: id }));
});
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
process.on('disconnect', () => process.exit(0));

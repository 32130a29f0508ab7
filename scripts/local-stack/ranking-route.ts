import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod';
import type { RankingJobResult } from '../../functions/src/domain/ranking/job/publish-job';
import { nowMs } from '../../functions/src/lib/clock';
import { devChangeRefusal } from './clock-route';
import { runRankingJobEntry } from './in-process-jobs';
import { readBody, sendJson } from './http-parts';

/**
 * `POST /dev/jobs/ranking` (`{}` as JSON): publishes now what is marked stale and answers once it is
 * published, so a test that changed results through the API reads the rankings without waiting for
 * the schedule. Like /dev/clock: JSON only, never from another site's page, on the local stage only,
 * served by the local stack's own server and never deployed (no route row, outside `/api/`).
 */
export const rankingJobPath = '/dev/jobs/ranking';

/** How long a run of another process (a test running the job itself, a timer's run) may keep the lease. */
const leaseWaitLimitMs = 60_000;
/** Such a run tells nobody when it ends: the lease is looked at again this often. */
const leaseRecheckMs = 50;

export interface PublishRankingsOptions {
  /** Resolves once the runs that API calls started (in this process and the API processes) ended. */
  startedRunsEnded: () => Promise<void>;
  run?: () => Promise<RankingJobResult>;
  /** Whether a run may still have work to do: something marked, or the lease held. */
  workLeft?: () => Promise<boolean>;
}

async function workInTable(): Promise<boolean> {
  const { rankingStateRepository } =
    await import('../../functions/src/db/repositories/ranking-state-repository');
  const [work, lease] = await Promise.all([
    rankingStateRepository.pendingWork(),
    rankingStateRepository.getLease(),
  ]);
  const leaseHeld = lease !== null && Date.parse(lease.expires_at) > nowMs();
  return leaseHeld || work.marks.length + work.changes.length > 0;
}

/**
 * The runs that operator calls started end first (they answer before the job does), then the job
 * runs. A run that found the lease taken by a run of another process, while work is left, runs again
 * once that run has given the lease back: it publishes what that run did not.
 */
export async function publishRankingsNow(options: PublishRankingsOptions): Promise<RankingJobResult> {
  const run = options.run ?? runRankingJobEntry;
  const workLeft = options.workLeft ?? workInTable;
  const published: RankingJobResult['published'] = [];
  const giveUpAt = Date.now() + leaseWaitLimitMs;
  for (;;) {
    await options.startedRunsEnded();
    const result = await run();
    published.push(...result.published);
    if (result.ran || !(await workLeft()) || Date.now() > giveUpAt) return { ...result, published };
    await new Promise((resolve) => setTimeout(resolve, leaseRecheckMs));
  }
}

export async function serveRankingJob(
  request: IncomingMessage,
  response: ServerResponse,
  publish: () => Promise<RankingJobResult>,
  stackUrl: string,
): Promise<void> {
  if (process.env['STAGE'] !== 'local') return sendJson(response, 404, { message: 'not found' });
  if (request.method !== 'POST') {
    response.setHeader('allow', 'POST');
    return sendJson(response, 405, { message: 'POST' });
  }
  const refused = devChangeRefusal(request, stackUrl, 'run a job', '{}');
  if (refused) {
    request.resume();
    return sendJson(response, refused.status, { message: refused.message });
  }
  try {
    z.strictObject({}).parse(JSON.parse(await readBody(request)));
  } catch {
    return sendJson(response, 400, { message: 'A JSON body: {}' });
  }
  sendJson(response, 200, await publish());
}

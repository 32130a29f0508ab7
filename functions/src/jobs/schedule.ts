import type { AwsAccess } from '@golf/shared/contracts';

/**
 * The scheduled jobs, one place for both runners: EventBridge rules in AWS
 * (infra/lib/stacks/jobs-stack.ts) and the timers of the local stack (scripts/local-stack/jobs.ts),
 * so a job runs on the same schedule wherever the game runs.
 */
export interface ScheduledJobDefinition {
  name: string;
  /** The module under functions/src/jobs that exports `handler`. */
  module: string;
  everyMinutes: number;
  /** Also run at each round deadline instant (locally; in AWS the 5-minute rate covers it). */
  atDeadlines: boolean;
  aws: AwsAccess;
  description: string;
  /** Operator routes start it by its function name (the ranking job: ApiResources.rankingJobName). */
  invokedByName?: boolean;
  /** The function's memory in AWS (1,024 MB unless given); its CPU share follows (1,769 MB = 1 vCPU). */
  memoryMb?: number;
}

export const scheduledJobs = [
  {
    name: 'RankingRecompute',
    module: 'ranking',
    everyMinutes: 5,
    atDeadlines: false,
    aws: { table: 'write', rankingInputs: ['GetObject', 'PutObject'] },
    description: 'Publishes the rankings marked stale (started at once by operator calls, and on schedule)',
    invokedByName: true,
    // A publish at a million players peaks near 750 MB (bench:ranking) and is CPU-bound: 2,048 MB
    // leaves room and gives it more than one vCPU, where 1,024 MB gives 0.58.
    memoryMb: 2048,
  },
  {
    name: 'CarryOver',
    module: 'carry-over',
    everyMinutes: 5,
    atDeadlines: true,
    aws: { table: 'write' },
    description: 'Teams settled at each passed round deadline (carry-over, ineligible players)',
  },
  {
    name: 'Reminders',
    module: 'reminders',
    everyMinutes: 5,
    atDeadlines: false,
    aws: { table: 'write', mail: true },
    description: 'Deadline reminders by e-mail and LINE to players who opted in',
  },
] as const satisfies readonly ScheduledJobDefinition[];

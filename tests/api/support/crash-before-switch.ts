/**
 * A ranking job that dies the hard way (SIGKILL) once it has written every page of its snapshot,
 * just before the switch: what a Lambda timeout or a lost container leaves behind.
 * Run as `tsx tests/api/support/crash-before-switch.ts <owner>` with the stack's environment.
 */
import { db } from '@golf/functions/db/client';
import { runRankingJob } from '@golf/functions/domain/ranking/job/publish-job';

db().middlewareStack.add(
  (next, context) => async (args) => {
    if (context.commandName === 'TransactWriteItemsCommand') process.kill(process.pid, 'SIGKILL');
    return next(args);
  },
  { step: 'initialize', name: 'crashBeforeSwitch' },
);
await runRankingJob({ owner: process.argv[2]! });

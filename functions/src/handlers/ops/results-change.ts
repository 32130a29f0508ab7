import { rankingsChanged } from '../../domain/ranking/job/rankings-changed';

interface ResultsChangeRequest {
  body: { game_global_id: string; reason: string; dry_run?: boolean | undefined };
  auth: { userId: string };
  now: Date;
}

/** What every operator's change of results is given: the tournament, the reason, who and when. */
interface ResultsChangeInput {
  gameGlobalId: string;
  reason: string;
  operatorId: string;
  now: Date;
  dryRun: boolean | undefined;
}

/** Runs an operator's change of results, then has the rankings published again unless it was a dry run. */
export async function changeResults<T>(
  { body, auth, now }: ResultsChangeRequest,
  change: (input: ResultsChangeInput) => Promise<T>,
): Promise<T> {
  const result = await change({
    gameGlobalId: body.game_global_id,
    reason: body.reason,
    operatorId: auth.userId,
    now,
    dryRun: body.dry_run,
  });
  // A dry run wrote nothing: the rankings have nothing to publish.
  if (!body.dry_run) await rankingsChanged(body.game_global_id, now);
  return result;
}

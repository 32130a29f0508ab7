/**
 * Saving a prize, and with a tournament's first prize its lottery secret's commitment
 * (docs/adr/0014-committed-lottery-seed.md): from then on the commitment is published with the
 * prizes, so it is fixed before the results are known. Kept apart from prize-setup-service.ts so that
 * the other prize calls reach no lottery secret.
 */
import type { SavePrizeBody, SavePrizeResult } from '@golf/shared/schemas/ops';
import { commitDrawSecret } from './draw-seed';
import { savePrize } from './prize-setup-service';

export async function savePrizeWithCommitment(
  body: SavePrizeBody,
  actor: { operatorId: string; now: Date },
): Promise<SavePrizeResult> {
  const result = await savePrize(body, actor);
  if (result.prize.game_global_id !== null) await commitDrawSecret(result.prize.game_global_id, actor.now);
  return result;
}

import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import {
  arrivalReceiptHeader,
  idempotencyKeyHeader,
  idempotencyKeyPattern,
} from '@golf/shared/team-save-headers';
import {
  arrivalReceiptKeys,
  bodyDigest,
  signArrivalReceipt,
  verifiedArrival,
  type ArrivalClaims,
} from '../lib/arrival-receipt';
import { badRequest, isTransientAwsError, ServiceUnavailableError } from '../lib/errors';
import { logger } from '../lib/logger';

/** What a team save's domain call is given beside its own input. */
export interface SaveTiming {
  /** The instant the deadline is judged at: the first arrival a valid receipt proves, else this request's. */
  now: Date;
  /** The request's Idempotency-Key: a save whose key the team already holds is not applied again. */
  requestKey?: string;
  /** Called once the save is known to be before its deadline. */
  inTime: () => void;
}

const header = (event: APIGatewayProxyEventV2, name: string) => event.headers?.[name.toLowerCase()];

/**
 * Runs one team save (docs/adr/0018-judged-by-first-arrival.md). Its deadline is judged at the
 * arrival its `Arrival-Receipt` proves when the receipt is valid for this user, route, round and
 * body, else at its own arrival. When the table refuses it for capacity after it was found in time,
 * the 503 carries a receipt of that first arrival, so a retry within the window is judged as the
 * first attempt would have been. A save refused before that (its deadline passed) gets none.
 */
export async function teamSave<T>(
  request: {
    event: APIGatewayProxyEventV2;
    auth: { userId: string };
    now: Date;
    tournament: string | undefined;
    round: number;
  },
  save: (timing: SaveTiming) => Promise<T>,
): Promise<T> {
  const { event } = request;
  const requestKey = header(event, idempotencyKeyHeader);
  if (requestKey !== undefined && !idempotencyKeyPattern.test(requestKey))
    throw badRequest(`${idempotencyKeyHeader} の形式が正しくありません。`);
  const claims: Omit<ArrivalClaims, 'at'> = {
    user: request.auth.userId,
    tournament: request.tournament ?? '',
    round: request.round,
    route: `${event.requestContext.http.method} ${event.rawPath}`,
    body: bodyDigest(event.body),
  };
  const keys = await arrivalReceiptKeys();
  const arrival = verifiedArrival(header(event, arrivalReceiptHeader), claims, request.now.getTime(), keys);
  const now = arrival ?? request.now;
  let inTime = false;
  try {
    return await save({ now, ...(requestKey ? { requestKey } : {}), inTime: () => (inTime = true) });
  } catch (error) {
    if (!inTime || !isTransientAwsError(error) || keys.length === 0) throw error;
    logger.warn('team save refused for capacity', { route: claims.route, error: (error as Error).name });
    throw new ServiceUnavailableError(undefined, {
      [arrivalReceiptHeader.toLowerCase()]: signArrivalReceipt({ ...claims, at: now.getTime() }, keys[0]!),
    });
  }
}

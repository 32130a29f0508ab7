/**
 * The user pool's custom sign-in triggers (Define, Create and Verify auth challenge), one function
 * for the three. The only custom sign-in is the server's own: one challenge, answered with a
 * one-time grant the server put in the table (sign-in-grant.ts). Anything else fails, and a client
 * that starts a custom sign-in itself has no grant to answer with.
 */
import type {
  CreateAuthChallengeTriggerEvent,
  DefineAuthChallengeTriggerEvent,
  VerifyAuthChallengeResponseTriggerEvent,
} from 'aws-lambda';
import { redeemSignInGrant } from '../adapters/identity/sign-in-grant';
import { now } from '../lib/clock';
import { tracedHandler } from '../lib/tracer';

export type CustomAuthEvent =
  | DefineAuthChallengeTriggerEvent
  | CreateAuthChallengeTriggerEvent
  | VerifyAuthChallengeResponseTriggerEvent;

type Session = DefineAuthChallengeTriggerEvent['request']['session'];

/** Define: a first step asks the one challenge; tokens only after that challenge was answered right. */
export function nextStep(
  session: Session,
  userNotFound: boolean,
): DefineAuthChallengeTriggerEvent['response'] {
  if (userNotFound) return { issueTokens: false, failAuthentication: true };
  if (session.length === 0) {
    return { challengeName: 'CUSTOM_CHALLENGE', issueTokens: false, failAuthentication: false };
  }
  const [only] = session;
  const answered = session.length === 1 && only?.challengeName === 'CUSTOM_CHALLENGE' && only.challengeResult;
  return { issueTokens: answered, failAuthentication: !answered };
}

export const handler = tracedHandler((event: CustomAuthEvent): Promise<CustomAuthEvent> =>
  respond(event, now()),
);

export async function respond(event: CustomAuthEvent, now: Date): Promise<CustomAuthEvent> {
  switch (event.triggerSource) {
    case 'DefineAuthChallenge_Authentication':
      event.response = nextStep(event.request.session, Boolean(event.request.userNotFound));
      return event;
    case 'CreateAuthChallenge_Authentication':
      // Nothing to send: the server already holds the answer it will give.
      event.response = {
        publicChallengeParameters: {},
        privateChallengeParameters: {},
        challengeMetadata: 'GRANT',
      };
      return event;
    case 'VerifyAuthChallengeResponse_Authentication':
      event.response = {
        answerCorrect:
          !event.request.userNotFound &&
          (await redeemSignInGrant(event.request.challengeAnswer, event.userName, now)),
      };
      return event;
  }
}

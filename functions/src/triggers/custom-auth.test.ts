import { describe, expect, it } from 'vitest';
import { nextStep } from './custom-auth';

const custom = (challengeResult: boolean) => ({
  challengeName: 'CUSTOM_CHALLENGE' as const,
  challengeResult,
});

describe('the custom sign-in steps (Define auth challenge)', () => {
  it.each([
    [
      'a first step asks the one challenge',
      [],
      false,
      { challengeName: 'CUSTOM_CHALLENGE', issueTokens: false, failAuthentication: false },
    ],
    ['a right answer gets tokens', [custom(true)], false, { issueTokens: true, failAuthentication: false }],
    [
      'a wrong answer fails, with no second try',
      [custom(false)],
      false,
      { issueTokens: false, failAuthentication: true },
    ],
    [
      'a second challenge is never asked',
      [custom(false), custom(true)],
      false,
      { issueTokens: false, failAuthentication: true },
    ],
    [
      'a password step first is not this sign-in',
      [{ challengeName: 'SRP_A' as const, challengeResult: true }],
      false,
      { issueTokens: false, failAuthentication: true },
    ],
    ['an unknown user fails at once', [], true, { issueTokens: false, failAuthentication: true }],
  ])('%s', (_name, session, userNotFound, expected) => {
    expect(nextStep(session, userNotFound)).toEqual(expected);
  });
});

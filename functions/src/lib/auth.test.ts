import { describe, expect, it } from 'vitest';
import { playerIdOf } from './auth';

describe('the player a token is for', () => {
  it.each([
    [
      'a pool user is the player named by its username',
      'c0ffee-uuid',
      '01JABCDEF0123456789ABCDEFG',
      '01JABCDEF0123456789ABCDEFG',
    ],
    [
      'the local issuer signs username = sub',
      '01JABCDEF0123456789ABCDEFG',
      '01JABCDEF0123456789ABCDEFG',
      '01JABCDEF0123456789ABCDEFG',
    ],
    ['a Google user is the player of its sub', 'sub-1', 'Google_1234567890', 'sub-1'],
    ['user names are kept case-insensitively', 'sub-2', 'google_1234567890', 'sub-2'],
    ['Apple', 'sub-3', 'SignInWithApple_001.abc', 'sub-3'],
    // Tokens the pool's federation of LINE and X issued before the API ran their sign-in.
    ['LINE, federated before', 'sub-4', 'LINE_U4af4980629', 'sub-4'],
    ['X, federated as Twitter before', 'sub-5', 'Twitter_12345', 'sub-5'],
    ['no username at all', 'sub-6', '', 'sub-6'],
  ])('%s', (_name, sub, username, expected) => {
    expect(playerIdOf(sub, username)).toBe(expected);
  });
});

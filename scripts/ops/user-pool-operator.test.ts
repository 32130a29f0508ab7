import type { UserStatusType, UserType } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { registeredByEmail, userPoolRegion } from './user-pool-operator';

const user = (
  username: string,
  email: string,
  verified: boolean,
  status: UserStatusType = 'CONFIRMED',
): UserType => ({
  Username: username,
  UserStatus: status,
  Attributes: [
    { Name: 'email', Value: email },
    { Name: 'email_verified', Value: String(verified) },
  ],
});

describe('create-operator in a user pool', () => {
  it('takes the region from the pool id, and refuses what is not one', () => {
    expect(userPoolRegion('ap-northeast-1_AbCdEf123')).toBe('ap-northeast-1');
    expect(userPoolRegion('us-gov-west-1_x1')).toBe('us-gov-west-1');
    expect(() => userPoolRegion('AbCdEf123')).toThrow('ユーザープールIDの形式ではありません');
    expect(() => userPoolRegion('ap-northeast-1_')).toThrow('ユーザープールIDの形式ではありません');
  });

  it("picks the pool's own user who confirmed the address, never a provider's or an unconfirmed one", () => {
    const own = user('player-1', 'Ops@Example.com', true);
    expect(registeredByEmail([own], 'ops@example.com')).toBe('player-1');
    expect(
      registeredByEmail([user('google_1', 'ops@example.com', true, 'EXTERNAL_PROVIDER')], 'ops@example.com'),
    ).toBeNull();
    expect(
      registeredByEmail([user('player-2', 'ops@example.com', false, 'UNCONFIRMED')], 'ops@example.com'),
    ).toBeNull();
    expect(
      registeredByEmail(
        [
          user('google_1', 'ops@example.com', true, 'EXTERNAL_PROVIDER'),
          own,
          user('p3', 'other@example.com', true),
        ],
        'ops@example.com',
      ),
    ).toBe('player-1');
    expect(registeredByEmail([], 'ops@example.com')).toBeNull();
  });
});

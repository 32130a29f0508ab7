import { describe, expect, it } from 'vitest';
import { isSecureContextForCookies, serializeCookie } from './cookies';

describe('token cookie', () => {
  it('is Secure except on plain-http loopback', () => {
    expect(isSecureContextForCookies({ protocol: 'http:', hostname: '127.0.0.1' })).toBe(false);
    expect(isSecureContextForCookies({ protocol: 'http:', hostname: 'localhost' })).toBe(false);
    expect(isSecureContextForCookies({ protocol: 'https:', hostname: 'localhost' })).toBe(true);
    expect(isSecureContextForCookies({ protocol: 'http:', hostname: 'golf.example.jp' })).toBe(true);
  });

  it('has path /, SameSite=Lax and the expiry the server gave', () => {
    expect(serializeCookie('token', 'a b', { secure: true, expiresAt: '2026-12-01T00:00:00Z' })).toBe(
      'token=a%20b; path=/; SameSite=Lax; expires=Tue, 01 Dec 2026 00:00:00 GMT; Secure',
    );
    expect(serializeCookie('token', 'x', { secure: false })).toBe('token=x; path=/; SameSite=Lax');
    expect(serializeCookie('token', 'x', { secure: false, expiresAt: 'not a date' })).toBe(
      'token=x; path=/; SameSite=Lax',
    );
  });
});

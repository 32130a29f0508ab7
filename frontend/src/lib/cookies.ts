/**
 * The access token lives in the `token` cookie: path /, SameSite=Lax, and Secure everywhere except
 * plain-http loopback (the local stack on http://127.0.0.1 or http://localhost).
 */
export const tokenCookieName = 'token';

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

function hasDocument(): boolean {
  return typeof document !== 'undefined';
}

export function isSecureContextForCookies(location: Pick<Location, 'protocol' | 'hostname'>): boolean {
  return !(location.protocol === 'http:' && loopbackHosts.has(location.hostname));
}

export function readCookie(name: string): string | null {
  if (!hasDocument()) return null;
  const prefix = `${name}=`;
  for (const part of document.cookie.split(/;\s*/)) {
    if (part.startsWith(prefix)) {
      const value = part.slice(prefix.length);
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

export interface CookieOptions {
  /** When the cookie ends (ISO instant or Date); absent or null: a session cookie. */
  expiresAt?: string | Date | null;
}

export function serializeCookie(
  name: string,
  value: string,
  options: CookieOptions & { secure: boolean },
): string {
  const attributes = [`${name}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
  if (options.expiresAt) {
    const expires = new Date(options.expiresAt);
    if (!Number.isNaN(expires.getTime())) attributes.push(`expires=${expires.toUTCString()}`);
  }
  if (options.secure) attributes.push('Secure');
  return attributes.join('; ');
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  if (!hasDocument()) return;
  document.cookie = serializeCookie(name, value, {
    ...options,
    secure: isSecureContextForCookies(window.location),
  });
}

export function deleteCookie(name: string): void {
  if (!hasDocument()) return;
  document.cookie = serializeCookie(name, '', {
    expiresAt: new Date(0),
    secure: isSecureContextForCookies(window.location),
  });
}

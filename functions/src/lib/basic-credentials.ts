import { decodedOrNull } from '@golf/shared/url-escapes';

/**
 * The client of an OAuth 2.0 Basic `Authorization` header, from its credentials (the part after
 * `Basic `): base64 of the id and the secret, each URL-encoded, joined by the first colon (RFC 6749
 * section 2.3.1). Null when an escape is malformed, which a token endpoint answers as a wrong client.
 */
export function basicCredentials(encoded: string): { id: string; secret: string } | null {
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const id = decodedOrNull(colon < 0 ? decoded : decoded.slice(0, colon));
  const secret = decodedOrNull(colon < 0 ? '' : decoded.slice(colon + 1));
  return id === null || secret === null ? null : { id, secret };
}

import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Small pieces the local stand-ins of the sign-in providers share. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify(body));
}

export function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(html);
}

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export const readForm = async (request: IncomingMessage) => new URLSearchParams(await readBody(request));

export function withQuery(uri: string, query: Record<string, string>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * A token request: its form, and the code it presents taken out of `codes` (one use only: a code is
 * gone once presented, whether the exchange succeeds or not).
 */
export async function takeCode<T>(
  request: IncomingMessage,
  codes: Map<string, T>,
): Promise<{ form: URLSearchParams; issued: T | undefined }> {
  const form = await readForm(request);
  const code = form.get('code') ?? '';
  const issued = codes.get(code);
  codes.delete(code);
  return { form, issued };
}

/** Whether a PKCE code_verifier is the one of an S256 code_challenge. */
export const pkceMatches = (verifier: string | null, challenge: string) =>
  createHash('sha256')
    .update(verifier ?? '')
    .digest('base64url') === challenge;

/** Compares two secrets in constant time. */
export const sameSecret = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/** Serves a stand-in's paths under its prefix (`GET /path` → handler); false for any other. */
export async function serveStandIn(
  request: IncomingMessage,
  prefix: string,
  routes: Record<string, (url: URL) => Promise<void> | void>,
): Promise<boolean> {
  const url = new URL(request.url ?? '/', 'http://local');
  const route = routes[`${request.method ?? 'GET'} ${url.pathname.slice(prefix.length - 1)}`];
  if (!route) return false;
  await route(url);
  return true;
}

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

import { createReadStream, existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { decodedOrNull } from '../../shared/src/url-escapes';
import { sendBody } from './edge';
import type { OriginAnswer } from './lambda-adapter';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

type Resolved =
  | { file: string; headers: Record<string, string> }
  | { file: null; status: number; message: string };

/** The file a path names in the built SPA: real files as they are, every other path index.html. */
function resolveStatic(spaDir: string, request: IncomingMessage): Resolved {
  const root = resolve(spaDir);
  const url = new URL(request.url ?? '/', 'http://local');
  const pathname = decodedOrNull(url.pathname);
  // A malformed escape (`%E0%A4%A`) names no file and no page.
  if (pathname === null) return { file: null, status: 400, message: 'URLの形式が正しくありません。' };
  const requested = normalize(join(root, pathname));
  const isFile = requested.startsWith(root) && existsSync(requested) && statSync(requested).isFile();
  const file = isFile ? requested : join(root, 'index.html');
  if (!existsSync(file))
    return { file: null, status: 503, message: 'フロントエンドがビルドされていません: npm run build' };
  const hashedAsset = isFile && url.pathname.startsWith('/assets/');
  const headers = {
    'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
    'cache-control': hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  return { file, headers };
}

const textAnswer = (status: number, message: string): OriginAnswer => ({
  status,
  headers: { 'content-type': 'text/plain; charset=utf-8' },
  body: Buffer.from(message),
});

/** Serves the built SPA: real files as they are, every other path as index.html (client routing). */
export async function serveStatic(
  spaDir: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const resolved = resolveStatic(spaDir, request);
  if (resolved.file === null) {
    const { status, headers, body } = textAnswer(resolved.status, resolved.message);
    response.writeHead(status, headers);
    response.end(body);
    return;
  }
  const { file, headers } = resolved;
  await sendBody(request, response, 200, headers, createReadStream(file), statSync(file).size);
}

/** The same answer read whole, as the local edge takes it from its origin. */
export async function staticAnswer(spaDir: string, request: IncomingMessage): Promise<OriginAnswer> {
  const resolved = resolveStatic(spaDir, request);
  if (resolved.file === null) return textAnswer(resolved.status, resolved.message);
  return { status: 200, headers: resolved.headers, body: await readFile(resolved.file) };
}

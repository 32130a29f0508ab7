import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { sendBody } from './edge';

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

/** Serves the built SPA: real files as they are, every other path as index.html (client routing). */
export async function serveStatic(
  spaDir: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const root = resolve(spaDir);
  const url = new URL(request.url ?? '/', 'http://local');
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    // A malformed escape (`%E0%A4%A`) names no file and no page.
    response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
    response.end('URLの形式が正しくありません。');
    return;
  }
  const requested = normalize(join(root, pathname));
  const isFile = requested.startsWith(root) && existsSync(requested) && statSync(requested).isFile();
  const file = isFile ? requested : join(root, 'index.html');
  if (!existsSync(file)) {
    response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    response.end('フロントエンドがビルドされていません: npm run build');
    return;
  }
  const hashedAsset = isFile && url.pathname.startsWith('/assets/');
  const headers = {
    'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
    'cache-control': hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  await sendBody(request, response, 200, headers, createReadStream(file), statSync(file).size);
}

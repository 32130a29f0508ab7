import type { IncomingMessage, ServerResponse } from 'node:http';
import { listLineOutbox } from '../../functions/src/adapters/line';
import { listOutbox } from '../../functions/src/adapters/mail';

export const outboxPagePath = '/dev/outbox';
export const lineOutboxPagePath = '/dev/line-outbox';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Text with its http(s) links made clickable (after escaping, so nothing else becomes markup). */
const withLinks = (text: string) =>
  escape(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

interface OutboxEntry {
  title: string;
  sent_at: string;
  to: string;
  text: string;
  /** A mail's extra header fields (List-Unsubscribe), shown as text, not as links. */
  headers?: Record<string, string> | undefined;
}

/** One outbox page: every message (newest first) with its links, filtered by `?to=`. */
function outboxPage(
  response: ServerResponse,
  page: { title: string; path: string; empty: string; to: string | undefined; entries: OutboxEntry[] },
) {
  const body = page.entries
    .map(
      (m) => `<article>
  <header><strong>${escape(m.title)}</strong><span>${escape(m.sent_at)}</span></header>
  <p class="to">宛先: <a href="?to=${encodeURIComponent(m.to)}">${escape(m.to)}</a></p>
${Object.entries(m.headers ?? {})
  .map(([name, value]) => `  <p class="to">${escape(name)}: ${escape(value)}</p>\n`)
  .join('')}  <pre>${withLinks(m.text)}</pre>
</article>`,
    )
    .join('\n');
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(`<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${page.title}</title>
<style>
body{margin:0;padding:16px;font-family:'Noto Sans CJK JP',sans-serif;background:#f3f6f4;color:#17231c}
h1{font-size:18px}article{background:#fff;border-radius:12px;padding:12px 14px;margin:0 0 12px;box-shadow:0 1px 3px #0002}
header{display:flex;justify-content:space-between;gap:8px;flex-wrap:wrap}header span,.to{color:#5b6b62;font-size:12px}
pre{white-space:pre-wrap;word-break:break-all;font:inherit;font-size:14px;margin:8px 0 0}a{color:#0f6b3c}
</style></head><body>
<h1>${page.title}${page.to ? ` — ${escape(page.to)} <a href="${page.path}">すべて表示</a>` : ''}</h1>
${body || `<p>${page.empty}</p>`}
</body></html>`);
}

const toOf = (request: IncomingMessage) =>
  new URL(request.url ?? '/', 'http://local').searchParams.get('to') || undefined;

/**
 * The local stack's mailbox: every mail the game sent (newest first), with its links, so sign-up,
 * reset and e-mail change work without a mail server. Served by the local stack only.
 */
export async function serveOutboxPage(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const to = toOf(request);
  const messages = await listOutbox(to);
  outboxPage(response, {
    title: 'メール受信箱（ローカル）',
    path: outboxPagePath,
    empty: 'まだメールはありません。',
    to,
    entries: messages.map((m) => ({
      title: m.subject,
      sent_at: m.sent_at,
      to: m.to,
      text: m.text,
      headers: m.headers,
    })),
  });
}

/** The local stack's LINE outbox: every LINE message the game pushed (newest first). */
export async function serveLineOutboxPage(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const to = toOf(request);
  const messages = (await listLineOutbox()).filter((m) => !to || m.to === to);
  outboxPage(response, {
    title: 'LINE 送信箱（ローカル）',
    path: lineOutboxPagePath,
    empty: 'まだ LINE のメッセージはありません。',
    to,
    entries: messages.map((m) => ({
      title: m.text.split('\n')[0] ?? '',
      sent_at: m.sent_at,
      to: m.to,
      text: m.text,
    })),
  });
}

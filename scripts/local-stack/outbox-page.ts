import type { IncomingMessage, ServerResponse } from 'node:http';
import { listOutbox } from '../../functions/src/lib/mail';

export const outboxPagePath = '/dev/outbox';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Text with its http(s) links made clickable (after escaping, so nothing else becomes markup). */
const withLinks = (text: string) =>
  escape(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * The local stack's mailbox: every mail the game sent (newest first), with its links, so sign-up,
 * reset and e-mail change work without a mail server. Served by the local stack only.
 */
export async function serveOutboxPage(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const to = new URL(request.url ?? '/', 'http://local').searchParams.get('to') ?? undefined;
  const messages = await listOutbox(to || undefined);
  const body = messages
    .map(
      (m) => `<article>
  <header><strong>${escape(m.subject)}</strong><span>${escape(m.sent_at)}</span></header>
  <p class="to">宛先: <a href="?to=${encodeURIComponent(m.to)}">${escape(m.to)}</a></p>
  <pre>${withLinks(m.text)}</pre>
</article>`,
    )
    .join('\n');
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(`<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>メール受信箱（ローカル）</title>
<style>
body{margin:0;padding:16px;font-family:'Noto Sans CJK JP',sans-serif;background:#f3f6f4;color:#17231c}
h1{font-size:18px}article{background:#fff;border-radius:12px;padding:12px 14px;margin:0 0 12px;box-shadow:0 1px 3px #0002}
header{display:flex;justify-content:space-between;gap:8px;flex-wrap:wrap}header span,.to{color:#5b6b62;font-size:12px}
pre{white-space:pre-wrap;word-break:break-all;font:inherit;font-size:14px;margin:8px 0 0}a{color:#0f6b3c}
</style></head><body>
<h1>メール受信箱（ローカル）${to ? ` — ${escape(to)} <a href="${outboxPagePath}">すべて表示</a>` : ''}</h1>
${body || '<p>まだメールはありません。</p>'}
</body></html>`);
}

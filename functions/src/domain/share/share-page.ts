import { createHash } from 'node:crypto';
import { siteName } from '@golf/shared/site';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH, type ShareCardData } from '../../lib/share-card';

/**
 * The public page a player posts on X or LINE: the card in its Open Graph and X tags, the game's
 * colours, and links into the game. It is served by the uploads CDN, whose CSP allows styles from its
 * own origin only (no inline style, no script): the look comes from one stylesheet beside the pages.
 */
export const sharePageStylesheet = `:root{color-scheme:light;--green-900:#0a3f29;--green-800:#0d5c3a;--green-600:#1f8a57;--green-100:#e3f1e9;--gold-500:#d4a72c;--ink-900:#18231e;--ink-500:#66756e;--line:#e1e8e4;--page:#eef3f0}
*{box-sizing:border-box}
body{margin:0;background:var(--page);color:var(--ink-900);font-family:"Hiragino Sans","Hiragino Kaku Gothic ProN","Noto Sans JP",Meiryo,system-ui,sans-serif;line-height:1.6}
.bar{background:var(--green-800);color:#fff;padding:12px 16px}
.bar a{color:#fff;font-weight:700;text-decoration:none;letter-spacing:.04em}
main{max-width:720px;margin:0 auto;padding:20px 16px 32px}
h1{font-size:1.25rem;margin:0 0 4px;color:var(--green-900)}
.lead{margin:0 0 16px;color:var(--ink-500)}
.card{display:block;width:100%;height:auto;border-radius:12px;border:1px solid var(--line);background:#fff;box-shadow:0 2px 8px rgb(6 43 28 / 12%)}
.actions{display:flex;flex-direction:column;gap:12px;margin:20px 0}
.button{display:block;padding:14px 16px;border-radius:999px;text-align:center;font-weight:700;text-decoration:none;background:var(--green-600);color:#fff}
.button--invite{background:var(--gold-500);color:var(--ink-900)}
.about{margin:0;padding:16px;border-radius:12px;background:var(--green-100);font-size:.9rem}
footer{padding:16px;text-align:center;color:var(--ink-500);font-size:.8rem}
`;

/** The stylesheet's name carries its content's hash, so a page never meets another version's styles. */
export const sharePageStylesheetName = `page-${createHash('sha256').update(sharePageStylesheet).digest('hex').slice(0, 12)}.css`;

/** Where the game invites the page's reader: its top page, or the owner's guild's join-by-code page. */
export interface ShareInviteLink {
  url: string;
  label: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The page, at `uploads/share/{token}/index.html` (its stylesheet one folder up). `game` is the
 * game's top page; `invite`, when the owner chose to invite with his guild's join code, is added.
 */
export function sharePage(input: {
  card: ShareCardData;
  imageUrl: string;
  pageUrl: string;
  game: string;
  invite?: ShareInviteLink;
}): string {
  const { card } = input;
  const title = `${card.nickname} のドリームチーム｜${siteName}`;
  const standing = [
    card.score === null ? null : `スコア ${card.score}`,
    card.rank === null ? null : `${card.rank}位${card.provisional ? '（速報）' : ''}`,
  ].filter(Boolean);
  const description = `${card.tournamentName} 第${card.round}ラウンド${standing.length ? `：${standing.join('・')}` : ''}`;
  const meta = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const link = (href: string, label: string, className: string) =>
    `<a class="${className}" href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const alt = `${card.nickname} のチーム：${card.players.map((p) => p ?? '（空き）').join('、')}`;
  return [
    '<!doctype html>',
    '<html lang="ja">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', input.pageUrl),
    meta('property', 'og:image', input.imageUrl),
    meta('property', 'og:image:width', String(SHARE_CARD_WIDTH)),
    meta('property', 'og:image:height', String(SHARE_CARD_HEIGHT)),
    meta('property', 'og:image:alt', alt),
    meta('property', 'og:locale', 'ja_JP'),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', input.imageUrl),
    '<meta name="robots" content="noindex">',
    `<link rel="stylesheet" href="../${sharePageStylesheetName}">`,
    '</head>',
    '<body>',
    `<header class="bar">${link(input.game, siteName, 'brand')}</header>`,
    '<main>',
    `<h1>${escapeHtml(title)}</h1>`,
    `<p class="lead">${escapeHtml(description)}</p>`,
    `<img class="card" src="${escapeHtml(input.imageUrl)}" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" alt="${escapeHtml(alt)}">`,
    '<div class="actions">',
    input.invite ? link(input.invite.url, input.invite.label, 'button button--invite') : null,
    link(input.game, `${siteName}で遊ぶ`, 'button'),
    '</div>',
    `<p class="about">実際のツアーで戦うプロゴルファー4人を選んでドリームチームを結成。ラウンドごとのスコアでランキングを競うゴルフ予想ゲームです。</p>`,
    '</main>',
    `<footer>${escapeHtml(siteName)}</footer>`,
    '</body>',
    '</html>',
    '',
  ]
    .filter((line) => line !== null)
    .join('\n');
}

import { describe, expect, it } from 'vitest';
import { storageContentSecurityPolicy } from '@golf/shared/security-headers';
import { sharePage, sharePageStylesheetName } from './share-page';

const card = {
  siteName: 'ゴルフドリームチーム',
  tournamentName: '日本オープン',
  round: 2,
  nickname: '<script>alert("x")</script>',
  players: ['松山 英樹', null, '石川 遼', 'A & B'],
  score: '-5',
  rank: 12,
  provisional: true,
};
const page = {
  card,
  imageUrl: 'https://cdn.example/uploads/share/tok/card.png',
  pageUrl: 'https://cdn.example/uploads/share/tok/index.html',
  game: 'https://golf.example.jp/',
};
const invite = {
  url: 'https://golf.example.jp/guild/code?code=AB12CD34&x=1',
  label: 'ギルド「A」に参加する',
};

describe('the share page', () => {
  const html = sharePage(page);

  it('escapes what players wrote, in the text and in the tags', () => {
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; のドリームチーム');
    expect(html).toContain('A &amp; B');
  });

  it("carries the game's Open Graph and X tags: title, the card as image, its own address", () => {
    expect(html).toContain(
      '<meta property="og:title" content="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; のドリームチーム｜ゴルフドリームチーム">',
    );
    expect(html).toContain(
      '<meta property="og:image" content="https://cdn.example/uploads/share/tok/card.png">',
    );
    expect(html).toContain(
      '<meta property="og:url" content="https://cdn.example/uploads/share/tok/index.html">',
    );
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('日本オープン 第2ラウンド：スコア -5・12位（速報）');
  });

  it('finding 4: links into the game, and carries no join code unless its owner invites with it', () => {
    expect(html).toContain(
      '<a class="button" href="https://golf.example.jp/">ゴルフドリームチームで遊ぶ</a>',
    );
    expect(html).not.toContain('/guild/code');
    const invited = sharePage({ ...page, invite });
    expect(invited).toContain(
      '<a class="button button--invite" href="https://golf.example.jp/guild/code?code=AB12CD34&amp;x=1">ギルド「A」に参加する</a>',
    );
    expect(invited).toContain('ゴルフドリームチームで遊ぶ</a>');
  });

  it("finding 4: is styled within the storage origin's CSP (a stylesheet of its own origin, nothing inline)", () => {
    expect(storageContentSecurityPolicy).toContain("style-src 'self'");
    expect(storageContentSecurityPolicy).toContain("img-src 'self'");
    expect(html).toContain(`<link rel="stylesheet" href="../${sharePageStylesheetName}">`);
    expect(html).not.toMatch(/<style|\sstyle=|<script|\son[a-z]+=/i);
  });
});

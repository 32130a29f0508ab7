import { describe, expect, it } from 'vitest';
import { sharePage } from './share-service';

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

describe('the share page', () => {
  const html = sharePage({
    card,
    imageUrl: 'https://cdn.example/uploads/share/g/2/u/s.png',
    pageUrl: 'https://cdn.example/uploads/share/g/2/u/index.html',
    invite: { url: 'https://golf.example.jp/guild/code?code=AB12CD34&x=1', label: 'ギルド「A」に参加する' },
  });

  it('escapes what players wrote, in the text and in the tags', () => {
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; のドリームチーム');
    expect(html).toContain('A &amp; B');
  });

  it('carries the card in its Open Graph and X tags, with the round and the standing', () => {
    expect(html).toContain(
      '<meta property="og:image" content="https://cdn.example/uploads/share/g/2/u/s.png">',
    );
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('日本オープン 第2ラウンド：スコア -5・12位（速報）');
  });

  it('links back with the invite', () => {
    expect(html).toContain(
      '<a href="https://golf.example.jp/guild/code?code=AB12CD34&amp;x=1">ギルド「A」に参加する</a>',
    );
  });
});

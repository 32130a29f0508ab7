/**
 * Share cards: the caller's team and standing for a round as a 1200 x 630 PNG on the uploads CDN,
 * with a public page carrying it in its Open Graph tags; never before the round's deadline.
 */
import { describe, expect, it } from 'vitest';
import { shareCardSchema } from '../../shared/src/schemas/share';
import { beforeDeadlineMessage, noTeamMessage } from '../../functions/src/domain/share/share-service';
import { api, tokenFor } from './support/api';
import { gameFixture, team, writeFixture } from './support/game-fixtures';
import { waitForRankings } from './support/rankings';

const fixture = gameFixture('share-card');
const sharer = 'share-card-player';
const share = (round: number, token: string) =>
  api<{ message?: string }>('POST', `/api/golf/round/${round}/share?game_global_id=${fixture.id}`, { token });

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

describe('share cards', () => {
  it('draws the card once per snapshot after the deadline, with a public page that links back', async () => {
    await writeFixture(fixture, [
      team(fixture.id, 2, sharer, fixture.playerIds.slice(0, 4)),
      team(fixture.id, 3, sharer, fixture.playerIds.slice(4, 8)),
    ]);
    const ops = await tokenFor('share-card-ops', ['operators']);
    await api('POST', '/api/golf/ops/rankings/recompute', {
      token: ops,
      body: { game_global_id: fixture.id },
    });
    await waitForRankings(fixture.id);
    const token = await tokenFor(sharer);

    // Round 3's deadline is ahead: nobody sees a team before it, so it cannot be shared.
    const early = await share(3, token);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(beforeDeadlineMessage);

    const first = await share(2, token);
    expect(first.status).toBe(200);
    const card = shareCardSchema.parse(first.body);
    expect(card.rendered).toBe(true);
    expect(card.snapshot_id).not.toBeNull();

    const image = await fetch(card.image_url);
    expect(image.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });

    const page = await fetch(card.share_url);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain(`<meta property="og:image" content="${card.image_url}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`テスト大会 ${fixture.id} 第2ラウンド`);
    expect(html).toMatch(/<a href="http:\/\/[^"]+\/">ゴルフドリームチームで遊ぶ<\/a>/);

    // The same snapshot: the stored card is reused, not drawn again.
    const again = shareCardSchema.parse((await share(2, token)).body);
    expect(again).toEqual({ ...card, rendered: false });
  }, 60_000);

  it('refuses a round without a team, and answers field errors for a bad round', async () => {
    const token = await tokenFor('share-card-no-team');
    await writeFixture(fixture);
    const none = await share(1, token);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(noTeamMessage);
    const bad = await api<{ errors?: Record<string, string[]> }>('POST', '/api/golf/round/9/share', {
      token,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.['round']).toBeDefined();
  });
});

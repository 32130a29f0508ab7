/**
 * Share cards: the caller's team and standing for a round as a 1200 x 630 PNG on the uploads CDN,
 * with a public page carrying it in its Open Graph tags; never before the round's deadline; one
 * drawing per player, round and results version, and a limit of new drawings per player.
 */
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { ownedGuildSchema } from '../../shared/src/schemas/guild';
import { storageContentSecurityPolicy } from '../../shared/src/security-headers';
import { shareCardSchema, type ShareCard } from '../../shared/src/schemas/share';
import {
  beforeDeadlineMessage,
  noTeamMessage,
  shareLimits,
  tooManyDrawingsMessage,
} from '../../functions/src/domain/share/share-service';
import { rateLimitRepository } from '../../functions/src/db/repositories/rate-limit-repository';
import { shareCardRepository } from '../../functions/src/db/repositories/share-card-repository';
import { nicknames } from '../../functions/src/domain/guild/guild-service';
import { api, tokenFor } from './support/api';
import { gameFixture, team, writeFixture } from './support/game-fixtures';
import { publishRankingsNow } from './support/rankings';

const fixture = gameFixture('share-card');
const run = Date.now().toString(36);
const share = (round: number, token: string, body?: unknown) =>
  api<{ message?: string; code?: string }>(
    'POST',
    `/api/golf/round/${round}/share?game_global_id=${fixture.id}`,
    { token, ...(body === undefined ? {} : { body }) },
  );

/** A player with teams in rounds 2 and 3 of the fixture (round 2's deadline has passed, round 3's not). */
async function sharer(name: string): Promise<{ id: string; token: string }> {
  const id = `share-${name}-${run}`;
  await writeFixture(fixture, [
    team(fixture.id, 2, id, fixture.playerIds.slice(0, 4)),
    team(fixture.id, 3, id, fixture.playerIds.slice(4, 8)),
  ]);
  return { id, token: await tokenFor(id) };
}

async function publishRankings() {
  const ops = await tokenFor('share-card-ops', ['operators']);
  await api('POST', '/api/golf/ops/rankings/recompute', { token: ops, body: { game_global_id: fixture.id } });
  await publishRankingsNow(fixture.id);
}

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

const bucket = () => process.env['UPLOADS_BUCKET']!;
/** Every card image in the bucket: one `uploads/share/{token}/card.png` per drawing. */
async function cardImages(): Promise<string[]> {
  const s3 = new S3Client({ forcePathStyle: true });
  const found: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: bucket(), Prefix: 'uploads/share/', ContinuationToken: token }),
    );
    found.push(...(page.Contents ?? []).map((o) => o.Key!).filter((key) => key.endsWith('/card.png')));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return found;
}

/** The drawings since `before` of `nickname`'s round-2 card: read from the pages beside the new images. */
async function drawingsSince(before: string[], nickname: string, imageUrl: string): Promise<number> {
  const base = imageUrl.slice(0, imageUrl.indexOf('uploads/share/'));
  const added = (await cardImages()).filter((key) => !before.includes(key));
  const pages = await Promise.all(
    added.map(async (key) => (await fetch(base + key.replace(/card\.png$/, 'index.html'))).text()),
  );
  return pages.filter(
    (html) =>
      html.includes(`<title>${nickname} のドリームチーム`) &&
      html.includes(`テスト大会 ${fixture.id} 第2ラウンド`),
  ).length;
}

const nicknameOf = async (userId: string) => (await nicknames([userId])).get(userId)!.nickname;

describe('share cards', () => {
  it('draws the card once per snapshot after the deadline, with a styled public page that links into the game', async () => {
    const player = await sharer('page');
    await publishRankings();

    // Round 3's deadline is ahead: nobody sees a team before it, so it cannot be shared.
    const early = await share(3, player.token);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(beforeDeadlineMessage);

    const first = await share(2, player.token);
    expect(first.status).toBe(200);
    const card = shareCardSchema.parse(first.body);
    expect(card.rendered).toBe(true);
    expect(card.snapshot_id).not.toBeNull();
    expect(card.with_join_code).toBe(false);

    const image = await fetch(card.image_url);
    expect(image.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });

    const page = await fetch(card.share_url);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain(`<meta property="og:image" content="${card.image_url}">`);
    expect(html).toContain(`<meta property="og:url" content="${card.share_url}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`テスト大会 ${fixture.id} 第2ラウンド`);
    expect(html).toMatch(/<a class="button" href="http:\/\/[^"]+\/">ゴルフドリームチームで遊ぶ<\/a>/);
    // Served under the storage origin's CSP, which allows its own stylesheets and images only.
    expect(page.headers.get('content-security-policy')).toBe(storageContentSecurityPolicy);
    const stylesheet = new URL(/<link rel="stylesheet" href="([^"]+)">/.exec(html)![1]!, card.share_url);
    expect(stylesheet.origin).toBe(new URL(card.share_url).origin);
    expect(new URL(card.image_url).origin).toBe(new URL(card.share_url).origin);
    const css = await fetch(stylesheet);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await css.text()).toContain('.button{');

    // The same snapshot: the stored card is reused, not drawn again.
    const again = shareCardSchema.parse((await share(2, player.token)).body);
    expect(again).toEqual({ ...card, rendered: false });
  }, 60_000);

  it('finding 2: 30 parallel share requests from one player draw at most one card, and all answer it', async () => {
    const player = await sharer('burst');
    const before = await cardImages();
    const answers = await Promise.all(Array.from({ length: 30 }, () => share(2, player.token)));

    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
    const cards = answers.map((answer) => shareCardSchema.parse(answer.body));
    expect(new Set(cards.map((card) => card.image_url)).size).toBe(1);
    expect(new Set(cards.map((card) => card.share_url)).size).toBe(1);
    expect(cards.filter((card) => card.rendered).length).toBe(1);
    // Counted in the bucket, whatever the answers say: the images drawn for this player's round.
    expect(await drawingsSince(before, await nicknameOf(player.id), cards[0]!.image_url)).toBe(1);
  }, 60_000);

  it('takes over the lease of a drawing that died, and draws the card', async () => {
    const player = await sharer('died');
    const current = shareCardSchema.parse((await share(2, (await sharer('died-peer')).token)).body);
    const id = {
      userId: player.id,
      gameGlobalId: fixture.id,
      round: 2,
      version: current.snapshot_id ?? 'unranked',
    };
    const longAgo = new Date(Date.now() - shareLimits.leaseMs - 1_000);
    expect(await shareCardRepository.claim(id, 'dead-drawing', longAgo, shareLimits.leaseMs, 3600)).toBe(
      true,
    );
    const card = shareCardSchema.parse((await share(2, player.token)).body);
    expect(card.rendered).toBe(true);
    expect(card.image_url).not.toContain('dead-drawing');
    expect((await fetch(card.image_url)).status).toBe(200);
  }, 60_000);

  it('draws a new card for a new results version, and the earlier card stays', async () => {
    const player = await sharer('versions');
    const first = shareCardSchema.parse((await share(2, player.token)).body);
    await publishRankings();
    const second = shareCardSchema.parse((await share(2, player.token)).body);
    expect(second.snapshot_id).not.toBe(first.snapshot_id);
    expect(second.rendered).toBe(true);
    expect(second.image_url).not.toBe(first.image_url);
    expect((await fetch(first.image_url)).status).toBe(200);
    expect(shareCardSchema.parse((await share(2, player.token)).body).rendered).toBe(false);
  }, 60_000);

  it("limits a player's new drawings: 429 with Retry-After and the error body, a drawn card still answered", async () => {
    const player = await sharer('limit');
    expect(shareCardSchema.parse((await share(2, player.token)).body).rendered).toBe(true);
    // The rest of the hour's drawings used up (the window is the hour the requests fall in).
    const left = shareLimits.windowSeconds - (Math.floor(Date.now() / 1000) % shareLimits.windowSeconds);
    if (left <= 5) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 100));
    while (
      (await rateLimitRepository.countAttempt(
        'share-card',
        player.id,
        shareLimits.windowSeconds,
        shareLimits.drawingsPerPlayer,
        new Date(),
      )) === null
    );
    // The card already drawn is answered whatever the count; a new results version needs a drawing.
    expect(shareCardSchema.parse((await share(2, player.token)).body).rendered).toBe(false);
    await publishRankings();
    const refused = await share(2, player.token);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'rate_limited', message: tooManyDrawingsMessage });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(shareLimits.windowSeconds);
    // Another player is not limited, and the refused drawing left no lease behind.
    const other = await sharer('limit-other');
    expect((await share(2, other.token)).status).toBe(200);
  }, 60_000);

  it('finding 4: the share page carries no join code unless invited, at an unguessable path', async () => {
    const owner = await sharer('owner');
    const guild = ownedGuildSchema.parse(
      (
        await api('POST', '/api/golf/guild/create', {
          token: owner.token,
          body: { name: 'シェアギルド', comment: '', entry_type: 2, is_public: false },
        })
      ).body,
    );
    const code = guild.join_code!;
    expect(code).toBeTruthy();

    const plain: ShareCard = shareCardSchema.parse((await share(2, owner.token)).body);
    expect(plain.with_join_code).toBe(false);
    const path = new URL(plain.share_url).pathname;
    expect(path).toMatch(/\/uploads\/share\/[A-Za-z0-9_-]{22}\/index\.html$/);
    for (const known of [owner.id, fixture.id, encodeURIComponent(owner.id)])
      expect(path).not.toContain(known);
    const plainHtml = await (await fetch(plain.share_url)).text();
    expect(plainHtml).not.toContain(code);
    expect(plainHtml).not.toContain('/guild/code');

    const invited = shareCardSchema.parse((await share(2, owner.token, { with_join_code: true })).body);
    expect(invited.with_join_code).toBe(true);
    expect(invited.image_url).toBe(plain.image_url);
    expect(invited.share_url).not.toBe(plain.share_url);
    const invitedHtml = await (await fetch(invited.share_url)).text();
    expect(invitedHtml).toContain(`/guild/code?code=${code}">ギルド「シェアギルド」に参加する</a>`);
    // The invite page is kept: asking again answers the same one, and the plain page stays plain.
    expect(shareCardSchema.parse((await share(2, owner.token, { with_join_code: true })).body)).toEqual({
      ...invited,
      rendered: false,
    });
    expect(shareCardSchema.parse((await share(2, owner.token)).body).share_url).toBe(plain.share_url);

    // A player without a guild asking for the code gets the plain page.
    const loner = await sharer('loner');
    const lonerCard = shareCardSchema.parse((await share(2, loner.token, { with_join_code: true })).body);
    expect(lonerCard.with_join_code).toBe(false);
    expect(lonerCard.share_url).not.toBe(plain.share_url);
  }, 60_000);

  it('refuses a round without a team, and answers field errors for a bad round or option', async () => {
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
    const option = await api<{ errors?: Record<string, string[]> }>('POST', '/api/golf/round/2/share', {
      token,
      body: { with_join_code: 'yes' },
    });
    expect(option.status).toBe(422);
    expect(option.body.errors?.['with_join_code']).toBeDefined();
  });
});

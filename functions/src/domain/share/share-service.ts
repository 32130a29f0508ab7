import { randomBytes } from 'node:crypto';
import { siteName } from '@golf/shared/site';
import { formatToPar } from '@golf/shared/game/format';
import type { ShareCard } from '@golf/shared/schemas/share';
import { enforceLimits } from '../../adapters/rate-limit';
import {
  shareCardRepository,
  type ShareCardId,
  type ShareCardRecord,
} from '../../db/repositories/share-card-repository';
import { nowMs } from '../../lib/clock';
import { config } from '../../lib/config';
import { conflict, ServiceUnavailableError } from '../../lib/errors';
import { renderShareCard, type ShareCardData } from '../../lib/share-card';
import { publicUrl, storeGeneratedObject } from '../../lib/uploads';
import { myGuild, nicknames } from '../guild/guild-service';
import { ownRanking } from '../ranking/read/ranking-read';
import { roundView } from '../game/views';
import { sharePage, sharePageStylesheet, sharePageStylesheetName, type ShareInviteLink } from './share-page';

export const beforeDeadlineMessage =
  'チームは締め切り後にシェアできます（締め切り前のチームは公開されません）。';
export const noTeamMessage = 'このラウンドのチームがないため、シェアできません。';
export const tooManyDrawingsMessage =
  'シェア画像を続けて作成したため、しばらく作成できません。時間をおいてお試しください。';

/**
 * Drawing a card takes a CPU for 150-200 ms, so a player's cards are drawn once per round and results
 * version, and at most `drawingsPerPlayer` new ones an hour; a card already drawn is always answered.
 */
export const shareLimits = {
  drawingsPerPlayer: 12,
  windowSeconds: 3600,
  /**
   * How long a drawing holds its lease: a drawing that died is taken over after this. In AWS the
   * function stops after 10 s; on a busy development machine a first drawing can take longer.
   */
  leaseMs: 30_000,
  /** A waiting request answers 503 with Retry-After this long before its function's time runs out. */
  marginMs: 1_500,
  pollMs: 150,
  /** The card's item expires (85 days) before the bucket's lifecycle deletes its objects (90 days). */
  keepSeconds: 85 * 86_400,
} as const;

const sharePrefix = 'uploads/share/';
/** 128 random bits: a card's address says nothing of its player and cannot be guessed. */
const newToken = () => randomBytes(16).toString('base64url');
const imageKey = (token: string) => `${sharePrefix}${token}/card.png`;
const pageKey = (token: string) => `${sharePrefix}${token}/index.html`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const storePage = (token: string, card: ShareCardData, imageToken: string, invite?: ShareInviteLink) =>
  storeGeneratedObject({
    key: pageKey(token),
    body: sharePage({
      card,
      imageUrl: publicUrl(imageKey(imageToken)),
      pageUrl: publicUrl(pageKey(token)),
      game: `${config().SITE_URL}/`,
      ...(invite ? { invite } : {}),
    }),
    contentType: 'text/html; charset=utf-8',
    cacheControl: 'public, max-age=300',
  });

/** The caller's guild join code and its page, when he owns a guild that takes a code. */
async function joinCodeInvite(userId: string): Promise<(ShareInviteLink & { code: string }) | null> {
  const guild = (await myGuild(userId)).guild;
  if (!guild?.join_code) return null;
  return {
    code: guild.join_code,
    url: `${config().SITE_URL}/guild/code?code=${encodeURIComponent(guild.join_code)}`,
    label: `ギルド「${guild.name}」に参加する`,
  };
}

/**
 * Draws the card under the lease `token` holds: the image, the shared stylesheet and the page
 * (written in that order, so a page never points at a card that is not there yet), then marks the
 * item ready. Counts against the player's drawings first; a refusal or a failure gives the lease back.
 */
async function draw(id: ShareCardId, token: string, card: () => Promise<ShareCardData>, now: Date) {
  try {
    await enforceLimits(
      'share-card',
      [[id.userId, shareLimits.drawingsPerPlayer]],
      shareLimits.windowSeconds,
      now,
      tooManyDrawingsMessage,
    );
    const data = await card();
    // A card never changes: the next snapshot gets a card (and a token) of its own.
    const immutable = 'public, max-age=31536000, immutable';
    await storeGeneratedObject({
      key: imageKey(token),
      body: await renderShareCard(data),
      contentType: 'image/png',
      cacheControl: immutable,
    });
    await storeGeneratedObject({
      key: `${sharePrefix}${sharePageStylesheetName}`,
      body: sharePageStylesheet,
      contentType: 'text/css; charset=utf-8',
      cacheControl: immutable,
    });
    await storePage(token, data, token);
  } catch (error) {
    await shareCardRepository.release(id, token);
    throw error;
  }
  await shareCardRepository.finish(id, token, now);
}

/**
 * The stored card of `id`, drawing it when no request has: the request whose conditional write
 * takes the lease draws, every concurrent one reads the item until the card is ready. So however
 * many requests come at once, one card is drawn and all of them answer it.
 */
async function readyCard(
  id: ShareCardId,
  card: () => Promise<ShareCardData>,
  now: Date,
  deadlineMs: number | null,
): Promise<{ card: Pick<ShareCardRecord, 'token' | 'invite'>; rendered: boolean }> {
  // Waits while the drawing's lease lasts, and no longer than the function may run.
  const waitUntil = Math.min(
    nowMs() + shareLimits.leaseMs,
    deadlineMs === null ? Infinity : deadlineMs - shareLimits.marginMs,
  );
  for (;;) {
    const record = await shareCardRepository.get(id, now);
    if (record?.state === 'ready') return { card: record, rendered: false };
    const leaseOver = record !== null && Date.parse(record.lease_until) <= now.getTime();
    if (record === null || leaseOver) {
      const token = newToken();
      if (await shareCardRepository.claim(id, token, now, shareLimits.leaseMs, shareLimits.keepSeconds)) {
        await draw(id, token, card, now);
        return { card: { token }, rendered: true };
      }
    }
    if (nowMs() >= waitUntil) throw new ServiceUnavailableError(2);
    await pause(shareLimits.pollMs);
  }
}

/**
 * The page with the owner's join code: one per card and code (a code regenerated since gets a page
 * of its own), at a token of its own, so the card's plain page does not lead to it.
 */
async function invitePage(
  id: ShareCardId,
  record: Pick<ShareCardRecord, 'token' | 'invite'>,
  invite: ShareInviteLink & { code: string },
  card: () => Promise<ShareCardData>,
  now: Date,
): Promise<string> {
  if (record.invite?.code === invite.code) return record.invite.token;
  const token = newToken();
  await storePage(token, await card(), record.token, invite);
  if (await shareCardRepository.setInvite(id, { token, code: invite.code })) return token;
  // A concurrent request recorded its page for the same code first: answer that one.
  const current = await shareCardRepository.get(id, now);
  return current?.invite?.code === invite.code ? current.invite.token : token;
}

/**
 * The caller's share card for a round: only once the round's deadline has passed (before it no team
 * is shown to anyone), drawn once per ranking snapshot and then served from the uploads CDN. Its page
 * carries the caller's guild join code only when he asks for it (`withJoinCode`). It is drawn at once
 * after the deadline too, not refused until the carry-over job has run: the round view it draws from
 * settles the team on read (domain/game/settled-team.ts), so it never keeps a golfer the settlement
 * replaces.
 */
export async function createShareCard(input: {
  userId: string;
  gameGlobalId: string | undefined;
  round: number;
  withJoinCode: boolean;
  now: Date;
  deadlineMs: number | null;
}): Promise<ShareCard> {
  const view = await roundView(input);
  if (!view.teams_visible) throw conflict(beforeDeadlineMessage);
  if (!view.team) throw conflict(noTeamMessage);
  const team = view.team;
  const gameId = view.game_global_id;
  const own = await ownRanking(input.userId, { game_global_id: gameId, round: input.round }, input.now);
  const id: ShareCardId = {
    userId: input.userId,
    gameGlobalId: gameId,
    round: input.round,
    version: own.snapshot_id ?? 'unranked',
  };
  const card = async (): Promise<ShareCardData> => ({
    siteName: siteName,
    tournamentName: view.tournament_name,
    round: input.round,
    nickname: (await nicknames([input.userId])).get(input.userId)!.nickname,
    players: team.slots.map((slot) => slot?.player.name ?? null),
    score: view.score.kind === 'scored' && view.score.score !== null ? formatToPar(view.score.score) : null,
    rank: own.rankings.find((row) => row.type === 1)?.rank ?? null,
    provisional: own.is_provisional,
  });

  const { card: record, rendered } = await readyCard(id, card, input.now, input.deadlineMs);
  const invite = input.withJoinCode ? await joinCodeInvite(input.userId) : null;
  const pageToken = invite ? await invitePage(id, record, invite, card, input.now) : record.token;
  return {
    image_url: publicUrl(imageKey(record.token)),
    share_url: publicUrl(pageKey(pageToken)),
    snapshot_id: own.snapshot_id,
    rendered,
    with_join_code: invite !== null,
  };
}

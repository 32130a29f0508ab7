import { siteName } from '@golf/shared/site';
import { formatToPar } from '@golf/shared/game/format';
import type { ShareCard } from '@golf/shared/schemas/share';
import { config } from '../../lib/config';
import { conflict } from '../../lib/errors';
import {
  renderShareCard,
  SHARE_CARD_HEIGHT,
  SHARE_CARD_WIDTH,
  type ShareCardData,
} from '../../lib/share-card';
import { publicUrl, storedObjectExists, storeGeneratedObject } from '../../lib/uploads';
import { myGuild, nicknames } from '../guild/guild-service';
import { ownRanking } from '../ranking/ranking-service';
import { roundView } from '../game/views';

export const beforeDeadlineMessage =
  'チームは締め切り後にシェアできます（締め切り前のチームは公開されません）。';
export const noTeamMessage = 'このラウンドのチームがないため、シェアできません。';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Where a player's cards for one round live: one PNG per ranking snapshot, and one page. */
function shareKeys(gameId: string, round: number, userId: string, snapshotId: string | null) {
  const base = `uploads/share/${encodeURIComponent(gameId)}/${round}/${encodeURIComponent(userId)}`;
  return { image: `${base}/${snapshotId ?? 'unranked'}.png`, page: `${base}/index.html` };
}

interface Invite {
  url: string;
  label: string;
}

/** The owner of a guild that takes a code invites to its join-by-code page; anyone else to the game. */
async function inviteOf(userId: string): Promise<Invite> {
  const guild = (await myGuild(userId)).guild;
  if (guild?.join_code) {
    return {
      url: `${config().SITE_URL}/guild/code?code=${encodeURIComponent(guild.join_code)}`,
      label: `ギルド「${guild.name}」に参加する`,
    };
  }
  return { url: `${config().SITE_URL}/`, label: `${siteName}で遊ぶ` };
}

/** The public page: the card in its Open Graph and X tags, and a link back with the invite. */
export function sharePage(input: {
  card: ShareCardData;
  imageUrl: string;
  pageUrl: string;
  invite: Invite;
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
    meta('property', 'og:locale', 'ja_JP'),
    meta('name', 'twitter:card', 'summary_large_image'),
    '</head>',
    '<body>',
    '<main>',
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(description)}</p>`,
    `<img src="${escapeHtml(input.imageUrl)}" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" alt="${escapeHtml(`${card.nickname} のチーム：${card.players.map((p) => p ?? '（空き）').join('、')}`)}" style="max-width:100%;height:auto">`,
    `<p><a href="${escapeHtml(input.invite.url)}">${escapeHtml(input.invite.label)}</a></p>`,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * The caller's share card for a round: only once the round's deadline has passed (before it no team
 * is shown to anyone), drawn once per ranking snapshot and then served from the uploads CDN. The
 * page is written after the image, so it never points at a card that is not there yet.
 */
export async function createShareCard(input: {
  userId: string;
  gameGlobalId: string | undefined;
  round: number;
  now: Date;
}): Promise<ShareCard> {
  const view = await roundView(input);
  if (!view.teams_visible) throw conflict(beforeDeadlineMessage);
  if (!view.team) throw conflict(noTeamMessage);
  const gameId = view.game_global_id;
  const own = await ownRanking(input.userId, { game_global_id: gameId, round: input.round }, input.now);
  const keys = shareKeys(gameId, input.round, input.userId, own.snapshot_id);
  const answer = (rendered: boolean): ShareCard => ({
    image_url: publicUrl(keys.image),
    share_url: publicUrl(keys.page),
    snapshot_id: own.snapshot_id,
    rendered,
  });
  if (await storedObjectExists(keys.image)) return answer(false);

  const rank = own.rankings.find((row) => row.type === 1);
  const [profile, invite] = await Promise.all([
    nicknames([input.userId]).then((names) => names.get(input.userId)!),
    inviteOf(input.userId),
  ]);
  const card: ShareCardData = {
    siteName: siteName,
    tournamentName: view.tournament_name,
    round: input.round,
    nickname: profile.nickname,
    players: view.team.slots.map((slot) => slot?.player.name ?? null),
    score: view.score.kind === 'scored' && view.score.score !== null ? formatToPar(view.score.score) : null,
    rank: rank?.rank ?? null,
    provisional: own.is_provisional,
  };
  await storeGeneratedObject({
    key: keys.image,
    body: await renderShareCard(card),
    contentType: 'image/png',
    // A card never changes: the next snapshot gets a card of its own.
    cacheControl: 'public, max-age=31536000, immutable',
  });
  await storeGeneratedObject({
    key: keys.page,
    body: sharePage({ card, imageUrl: publicUrl(keys.image), pageUrl: publicUrl(keys.page), invite }),
    contentType: 'text/html; charset=utf-8',
    cacheControl: 'public, max-age=300',
  });
  return answer(true);
}

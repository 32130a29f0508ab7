/**
 * Sample guilds: 25 guilds of sample users (`sample-user-0001`..`0300`; each in at most one guild,
 * `sample-user-0001` a member of 週末ゴルファー会), with members and a little chat.
 * Deterministic: the same `now` gives the same items.
 */
import { ulid } from 'ulid';
import {
  chatMessageItem,
  guildItem,
  guildMemberItem,
  guildMembershipItem,
  type GuildMemberRecord,
  type GuildRecord,
} from '../../functions/src/db/repositories/guild-repository';
import { GUILD_MAX_MEMBERS } from '../../shared/src/schemas/guild';
import { SeededRandom } from './random';
import { SAMPLE_USER_COUNT, sampleUserId } from './teams';

const guildNames = [
  'バーディーハンターズ',
  'イーグル倶楽部',
  '週末ゴルファー会',
  'パー狙い隊',
  'ドライバー命',
  'グリーンの妖精',
  'ナイスオン同好会',
  '朝イチスタート組',
  '百切りを目指す会',
  'ホールインワン研究所',
  'アプローチ職人',
  'パターの達人たち',
  '千葉ゴルフ部',
  '大阪ゴルフ連合',
  '北海道ベアーズ',
  '福岡フェアウェイ',
  'ゴルフ観戦サークル',
  'ドリームチーム研究会',
  '予選通過請負人',
  'アンダーパー同盟',
  'ラウンド後のビール部',
  'シングルを目指そう',
  'ゴルフ女子会',
  'ベストスコア更新中',
  '名古屋グリーンズ',
] as const;

const comments = [
  'みんなで楽しく予想しましょう！初心者歓迎です。',
  '毎大会上位を狙っています。本気の方どうぞ。',
  '週末のツアー観戦が楽しみな仲間の集まりです。',
  'チャットで予想を語り合いましょう。',
  'ゆるく長く続けたい方、お待ちしています。',
  '',
];

const chatLines = [
  'よろしくお願いします！',
  '今週は誰を選びましたか？',
  '3日目の風が気になりますね。',
  'ナイスチョイスでした！',
  '予選通過できてよかった…',
  '次の大会も頑張りましょう。',
  '最終日に期待しています。',
  'AI選択のコンディション型、当たりでした。',
];

const joinCodeAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** The guild (by its place in the list) the documented player `sample-user-0001` is a member of. */
const SAMPLE_PLAYER_GUILD = 2;

export function sampleGuildItems(now: Date): Record<string, unknown>[] {
  const random = new SeededRandom(20261123);
  const prng = () => random.next();
  const users = random.shuffle(Array.from({ length: SAMPLE_USER_COUNT - 1 }, (_, i) => sampleUserId(i + 2)));
  // One full guild, one nearly full, the rest small; together within the 299 users.
  const sizes = guildNames.map((_, index) =>
    index === 0 ? GUILD_MAX_MEMBERS : index === 1 ? 45 : random.int(2, 9),
  );
  const items: Record<string, unknown>[] = [];
  let next = 0;
  guildNames.forEach((name, index) => {
    const drawn = Math.min(sizes[index]!, users.length - next);
    if (drawn < 1) return;
    // The documented player is a member of the third guild, joined last.
    const withPlayer = index === SAMPLE_PLAYER_GUILD;
    const size = drawn + (withPlayer ? 1 : 0);
    // Made (and joined) before the sample season's first deadline, 6 weeks back: a round counts the
    // members at its deadline, so every round of the season has them.
    const createdAt = new Date(now.getTime() - (70 - index) * 86_400_000 - random.int(0, 86_399) * 1000);
    const guild: GuildRecord = {
      guild_id: ulid(createdAt.getTime(), prng),
      name,
      comment: random.pick(comments),
      entry_type: index % 4 === 3 ? 2 : 1,
      is_public: index % 6 !== 5,
      image_key: null,
      image_type: 1,
      owner_id: users[next]!,
      join_code: Array.from({ length: 8 }, () => random.pick([...joinCodeAlphabet])).join(''),
      member_count: size,
      created_at: createdAt.toISOString(),
      updated_at: createdAt.toISOString(),
    };
    items.push(guildItem(guild));
    const memberIds = [...users.slice(next, next + drawn), ...(withPlayer ? [sampleUserId(1)] : [])];
    const members: GuildMemberRecord[] = memberIds.map((userId, position) => ({
      guild_id: guild.guild_id,
      user_id: userId,
      role: position === 0 ? 'owner' : 'member',
      joined_at: new Date(createdAt.getTime() + position * 3_600_000).toISOString(),
    }));
    next += drawn;
    for (const member of members) items.push(guildMemberItem(member), guildMembershipItem(member));
    const chatCount = random.int(2, 6);
    for (let i = 0; i < chatCount; i++) {
      const author = random.pick(members);
      const postedAt = new Date(now.getTime() - (chatCount - i) * 3_600_000 - random.int(0, 3599) * 1000);
      items.push(
        chatMessageItem({
          guild_id: guild.guild_id,
          message_id: ulid(postedAt.getTime(), prng),
          user_id: author.user_id,
          message: random.pick(chatLines),
          posted_at: postedAt.toISOString(),
        }),
      );
    }
  });
  return items;
}

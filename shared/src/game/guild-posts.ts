/**
 * Posts the game writes in a guild's chat: a member's team saved for a round (once on the first
 * complete team, once more on its first change), and a round's final results (the guild's average
 * and its rank among the guilds, again when a correction changes them). They are shown under the
 * label below, never as a member's words.
 */
import { formatGuildAverage } from './guild-versus';

export const GAME_POST_LABEL = 'ゲームからのお知らせ';

export type GamePost =
  | { kind: 'team_entered' | 'team_changed'; round: number; member_id: string }
  | {
      kind: 'round_result';
      round: number;
      /** The guild ranking's value for the round (average of the entered members' scores). */
      average: number;
      rank: number;
      guild_count: number;
      /** The guild's rank after the round before (null for round 1, or when it was not ranked). */
      previous_rank: number | null;
      /** A later post for the same round: a correction changed the average or the rank. */
      update: boolean;
    };

function rankMove(rank: number, previous: number | null): string {
  if (previous === null) return '';
  if (previous === rank) return `（前のラウンドと同じ順位）`;
  return previous > rank
    ? `（前のラウンドの${previous}位から${previous - rank}つ上がりました）`
    : `（前のラウンドの${previous}位から${rank - previous}つ下がりました）`;
}

/** The text of a game post; `memberName` is the nickname of the member a team post is about. */
export function gamePostText(post: GamePost, memberName = ''): string {
  switch (post.kind) {
    case 'team_entered':
      return `${memberName}さんが第${post.round}ラウンドのチームを登録しました。`;
    case 'team_changed':
      return `${memberName}さんが第${post.round}ラウンドのチームを変更しました。`;
    case 'round_result':
      return [
        `第${post.round}ラウンドの結果が${post.update ? '修正されました' : '確定しました'}。` +
          `ギルドの平均スコアは ${formatGuildAverage(post.average)} です。`,
        `ギルドランキングは ${post.guild_count}ギルド中 ${post.rank}位 になりました` +
          `${rankMove(post.rank, post.previous_rank)}。`,
      ].join('\n');
  }
}

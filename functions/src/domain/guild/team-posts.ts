/**
 * The game's post in a guild chat when a member saves a team for a round: when it first holds 4
 * players (`team_entered`), and once more on its first later change (`team_changed`); further changes
 * post nothing, so saves never flood the chat. Written after the save is stored, never when it was
 * refused, and a post that fails is a counted error (lib/side-effects.ts): the save stands. Round
 * results: guild-posts.ts.
 */
import { monotonicFactory } from 'ulid';
import { guildPostRepository } from '../../db/repositories/guild-post-repository';
import { guildRepository } from '../../db/repositories/guild-repository';
import type { TeamRecord } from '../../db/repositories/team-repository';
import { sideEffectFailed } from '../../lib/side-effects';

const ulid = monotonicFactory();

/**
 * Tells the member's guild that the member saved a team, when this request stored a complete team
 * (its last save is this request's instant). Never throws: the save is already stored.
 */
export async function postTeamSaved(
  team: TeamRecord | null,
  now: Date,
  known?: Promise<{ guild_id: string } | null | undefined>,
): Promise<void> {
  if (!team || team.last_saved_at !== now.toISOString() || team.picks.length < 4) return;
  try {
    // `known`: the membership read while the save ran (null: none; undefined: not read).
    const prefetched = await known;
    const membership =
      prefetched === undefined ? await guildRepository.getMembership(team.user_id) : prefetched;
    if (!membership) return;
    const { guild_id: guildId } = membership;
    const written = await guildPostRepository.teamPostsWritten(
      guildId,
      team.game_global_id,
      team.round,
      team.user_id,
    );
    if (written >= 2) return;
    await guildPostRepository.putTeamPost({
      guildId,
      messageId: ulid(now.getTime()),
      post: {
        kind: written === 0 ? 'team_entered' : 'team_changed',
        round: team.round,
        member_id: team.user_id,
      },
      gameGlobalId: team.game_global_id,
      written,
      now,
    });
  } catch (error) {
    sideEffectFailed('guild_team_post', error, { user_id: team.user_id });
  }
}

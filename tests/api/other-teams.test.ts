/**
 * Other teams after the deadline: from a ranking row, or for a guild's view of all its members, a
 * player reads another player's team for a round through one call, only once the round's deadline has
 * passed; before it, never (the player's own team excepted).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { otherTeamSchema } from '../../shared/src/schemas/game';
import { api, tokenFor } from './support/api';
import { gameFixture, team, writeFixture } from './support/game-fixtures';

const fixture = gameFixture('test-other-teams');
const gid = fixture.id;
const ids = fixture.playerIds as string[];
const members = ['other-teams-a', 'other-teams-b', 'other-teams-c'];
let viewer: string;

beforeAll(async () => {
  await writeFixture(
    fixture,
    members.flatMap((userId, i) => [
      team(gid, 2, userId, ids.slice(i, i + 4)),
      team(gid, 3, userId, ids.slice(i + 1, i + 5)),
    ]),
  );
  viewer = await tokenFor(members[0]!);
});

const teamOf = (round: number, userId: string, token?: string) =>
  api(`GET`, `/api/golf/round/${round}/team/${userId}?game_global_id=${gid}`, token ? { token } : {});

describe('other players’ teams', () => {
  it('after the deadline: every member’s team of the round, with its score, through the same call', async () => {
    for (const [i, userId] of members.entries()) {
      const result = await teamOf(2, userId, viewer);
      expect(result.status).toBe(200);
      const shown = otherTeamSchema.parse(result.body);
      expect(shown.team?.slots.map((s) => s?.player.player_id)).toEqual(ids.slice(i, i + 4));
      expect(shown.score.kind).toBe('scored');
    }
  });

  it('before the deadline: refused for everyone but the player themself, and to visitors', async () => {
    for (const userId of members.slice(1)) {
      const refused = await teamOf(3, userId, viewer);
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain(ids[2]!);
    }
    expect((await teamOf(3, members[0]!, viewer)).status).toBe(200);
    expect((await teamOf(2, members[1]!)).status).toBe(401);
  });
});

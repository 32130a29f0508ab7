import { describe, expect, it } from 'vitest';
import { createQueryClient, forgetSignedInPlayer } from './query-client';
import { queryKeys } from './query-keys';

describe('forgetSignedInPlayer', () => {
  it("drops every kept answer, the player's own and the public ones", () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.game.myScore(), { total: 12 });
    queryClient.setQueryData(queryKeys.guild.mine, { id: 'g1' });
    queryClient.setQueryData(queryKeys.account.me, { user_id: 'u1' });
    queryClient.setQueryData(queryKeys.ranking.own(2), { rows: [] });
    queryClient.setQueryData(queryKeys.master.golf('schedule'), []);
    forgetSignedInPlayer(queryClient);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});

describe('queryKeys', () => {
  it("puts each key under its area's prefix, so one invalidation reaches them all", () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.game.round(1), {});
    queryClient.setQueryData(queryKeys.game.live(1, 'g'), {});
    queryClient.setQueryData(queryKeys.ranking.personal({ type: 1, page: 1 }), {});
    queryClient.setQueryData(queryKeys.ranking.quizOwn(), {});
    const under = (prefix: readonly unknown[]) =>
      queryClient.getQueryCache().findAll({ queryKey: prefix }).length;
    expect(under(queryKeys.game.all)).toBe(2);
    expect(under(queryKeys.ranking.all)).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { personalRankingQuerySchema } from '@golf/shared/schemas/ranking';
import { searchFromQuery } from './search-schema';

describe('searchFromQuery', () => {
  const search = searchFromQuery(personalRankingQuerySchema, ['round', 'type', 'rank']);

  it('keeps the query schema’s rules and defaults', () => {
    expect(search.parse({ round: '2', type: '3', rank: '51' })).toEqual({ round: 2, type: 3, rank: 51 });
    expect(search.parse({})).toEqual({ round: undefined, type: 1, rank: undefined });
  });

  it('falls back to the absent value where the API would refuse one', () => {
    expect(search.parse({ round: '5', type: '9', rank: 'x' })).toEqual({
      round: undefined,
      type: 1,
      rank: undefined,
    });
    expect(() => personalRankingQuerySchema.parse({ round: '5' })).toThrow();
  });

  it('leaves out the fields the route does not name', () => {
    expect(Object.keys(search.shape)).toEqual(['round', 'type', 'rank']);
  });
});

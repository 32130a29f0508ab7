import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import {
  personalRankingQuerySchema,
  roundRankingQuerySchema,
  yearlyRankingQuerySchema,
} from '@golf/shared/schemas/ranking';
import {
  guildRankingSearch,
  personalRankingSearch,
  quizRankingSearch,
  yearlyRankingSearch,
} from './ranking-search';

/** What the router's search parser gives (numbers, booleans, text, nested JSON), and odd text. */
const searchValue = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom('', ' ', '0', '1', '4', '5', '7', '8', '-1', '1.5', '1e3', 'true', 'NaN', '0x10'),
  fc.integer({ min: -10, max: 200 }),
  fc.constant(undefined),
);

type PageSearch = { parse: (search: unknown) => Record<string, unknown> };

/** Each screen's search field beside the API query field it is sent as. */
const fields: Array<[string, PageSearch, string, z.ZodObject]> = [
  ['personal', personalRankingSearch, 'round', personalRankingQuerySchema],
  ['personal', personalRankingSearch, 'type', personalRankingQuerySchema],
  ['personal', personalRankingSearch, 'page', personalRankingQuerySchema],
  ['personal', personalRankingSearch, 'rank', personalRankingQuerySchema],
  ['quiz', quizRankingSearch, 'round', roundRankingQuerySchema],
  ['quiz', quizRankingSearch, 'page', roundRankingQuerySchema],
  ['quiz', quizRankingSearch, 'rank', roundRankingQuerySchema],
  ['guild', guildRankingSearch, 'round', roundRankingQuerySchema],
  ['guild', guildRankingSearch, 'page', roundRankingQuerySchema],
  ['yearly', yearlyRankingSearch, 'page', yearlyRankingQuerySchema],
  ['yearly', yearlyRankingSearch, 'rank', yearlyRankingQuerySchema],
];

describe('the ranking screens read their search as the API reads its query', () => {
  it.each(fields)('%s: %s', (_, search, key, query) => {
    const apiField = query.shape[key] as z.ZodType;
    const missing = search.parse({})[key];
    fc.assert(
      fc.property(searchValue, (value) => {
        const api = apiField.safeParse(value);
        // What the API accepts is read the same; what it refuses reads as a missing value.
        const expected = api.success && api.data !== undefined ? api.data : missing;
        expect(search.parse({ [key]: value })[key]).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });
});

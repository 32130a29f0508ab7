import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  integerOr,
  oneOfOr,
  optionalFlag,
  optionalInteger,
  optionalOneOf,
  optionalText,
  pageSearch,
  textOr,
  type SearchField,
} from './search-params';

/** What the router's search parser gives (numbers, booleans, text, nested JSON), and odd text. */
const searchValue = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom('', ' ', '0', '1', '4', '5', '-1', '1.5', '1e3', 'true', 'NaN', 'Infinity', '0x10'),
  fc.integer({ min: -10, max: 10 }),
  fc.string({ maxLength: 30 }),
  fc.constant(undefined),
);

const sorts = ['rank', 'tournament', 'average_score'] as const;

/** Each reader beside the zod schema it stands for. */
const pairs: Array<[string, SearchField<unknown, unknown>, z.ZodType]> = [
  [
    'optionalInteger(1, 4)',
    optionalInteger(1, 4),
    z.coerce.number().int().min(1).max(4).optional().catch(undefined),
  ],
  ['optionalInteger(1)', optionalInteger(1), z.coerce.number().int().min(1).optional().catch(undefined)],
  ['integerOr(1, 1)', integerOr(1, 1), z.coerce.number().int().min(1).catch(1).default(1)],
  ['integerOr(1, 1, 7)', integerOr(1, 1, 7), z.coerce.number().int().min(1).max(7).catch(1).default(1)],
  ['optionalText(254)', optionalText(254), z.string().max(254).optional().catch(undefined)],
  ['optionalText(64, 1)', optionalText(64, 1), z.string().min(1).max(64).optional().catch(undefined)],
  ['textOr("", 20)', textOr('', 20), z.string().max(20).catch('').default('')],
  ['optionalOneOf', optionalOneOf(sorts), z.enum(sorts).optional().catch(undefined)],
  ['oneOfOr', oneOfOr(sorts, 'rank'), z.enum(sorts).catch('rank').default('rank')],
  [
    'optionalFlag',
    optionalFlag(),
    z
      .union([z.boolean(), z.string()])
      .transform((value) => value === true || value === 'true' || value === '1')
      .optional()
      .catch(undefined),
  ],
];

describe('search readers', () => {
  it.each(pairs)('%s reads every value as its zod schema does', (_, field, schema) => {
    fc.assert(
      fc.property(searchValue, (value) => {
        expect(field.read(value)).toEqual(schema.parse(value));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the fields it knows, drops the others and leaves out what is missing', () => {
    const search = pageSearch({
      page: integerOr(1, 1),
      round: optionalInteger(1, 4),
      name: optionalText(20),
    });
    expect(search.parse({ page: '3', round: 9, name: 'a', other: 'x' })).toEqual({ page: 3, name: 'a' });
    expect(search.parse({})).toEqual({ page: 1 });
    expect(search.parse(null)).toEqual({ page: 1 });
  });
});

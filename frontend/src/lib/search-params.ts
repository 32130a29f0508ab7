/*
 * The pages' search schemas. Every route's `validateSearch` runs in the first bundle, so they are
 * built from these few readers rather than with zod: zod's classic API added 25 KB (compressed) to
 * that bundle, and `zod/mini` still 17 KB, as its core is shared with the classic schemas the forms
 * and the API calls load later (measured with `npm run bench:web`, docs/performance.md). Each reader
 * accepts what the zod schema named beside it accepts (search-params.test.ts checks it against zod).
 * A malformed value falls back, to nothing or to the default, instead of failing: a shared link with
 * a broken parameter still opens its page.
 */

/** One search parameter: what a link may pass, and what the page reads. */
export interface SearchField<In, Out> {
  readonly read: (value: unknown) => Out;
  /** Types only: what a link passes. */
  readonly input?: In;
}

type AnyField = SearchField<unknown, unknown>;
type OutputOf<F> = F extends SearchField<unknown, infer Out> ? Out : never;
type InputOf<F> = F extends SearchField<infer In, unknown> ? In : never;
type Flatten<T> = { [K in keyof T]: T[K] } & {};
type OptionalKeys<S> = { [K in keyof S]: undefined extends OutputOf<S[K]> ? K : never }[keyof S];

/** A page's search: keys that may be missing are optional, as with a zod object. */
type SearchOutput<S> = Flatten<
  { [K in Exclude<keyof S, OptionalKeys<S>>]: OutputOf<S[K]> } & {
    [K in OptionalKeys<S>]?: OutputOf<S[K]>;
  }
>;
type SearchInput<S> = Flatten<{ [K in keyof S]?: InputOf<S[K]> | undefined }>;

/** What a page reads from its search. */
export type SearchOf<T> = T extends { types: { output: infer Output } } ? Output : never;

/** The router's validator for a page's search (`validateSearch`): links pass the input, pages read the output. */
export interface SearchSchema<S> {
  readonly types: { input: SearchInput<S>; output: SearchOutput<S> };
  readonly parse: (search: unknown) => SearchOutput<S>;
}

export function pageSearch<S extends Record<string, AnyField>>(fields: S): SearchSchema<S> {
  const parse = (search: unknown) => {
    const raw = (typeof search === 'object' && search !== null ? search : {}) as Record<string, unknown>;
    const output: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(fields)) {
      const value = field.read(raw[key]);
      if (value !== undefined) output[key] = value;
    }
    return output as SearchOutput<S>;
  };
  // `types` exists for the compiler only, as in the router's own adapters.
  return { parse } as SearchSchema<S>;
}

const field = <In, Out>(read: (value: unknown) => Out): SearchField<In, Out> => ({ read });

/** `z.coerce.number().int().min(min).max(max)`: a whole number in [min, max], or undefined. */
function readInteger(value: unknown, min: number, max: number): number | undefined {
  let number: number;
  try {
    number = Number(value);
  } catch {
    return undefined;
  }
  return Number.isSafeInteger(number) && number >= min && number <= max ? number : undefined;
}

/** `z.coerce.number().int().min(min).max(max).optional().catch(undefined)` */
export const optionalInteger = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  field<number, number | undefined>((value) =>
    value === undefined ? undefined : readInteger(value, min, max),
  );

/** `z.coerce.number().int().min(min).max(max).catch(fallback).default(fallback)` */
export const integerOr = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  field<number, number>((value) =>
    value === undefined ? fallback : (readInteger(value, min, max) ?? fallback),
  );

/** A page number: 1 when missing or malformed. */
export const pageNumber = () => integerOr(1, 1);

/** A round of a tournament (1-4), or nothing. */
export const optionalRound = () => optionalInteger(1, 4);

const isText = (value: unknown, min: number, max: number): value is string =>
  typeof value === 'string' && value.length >= min && value.length <= max;

/** `z.string().min(min).max(max).optional().catch(undefined)` */
export const optionalText = (max = Number.POSITIVE_INFINITY, min = 0) =>
  field<string, string | undefined>((value) => (isText(value, min, max) ? value : undefined));

/** `z.string().max(max).catch(fallback).default(fallback)` */
export const textOr = (fallback: string, max = Number.POSITIVE_INFINITY) =>
  field<string, string>((value) => (isText(value, 0, max) ? value : fallback));

/** `z.enum(options).optional().catch(undefined)` */
export const optionalOneOf = <const T extends readonly string[]>(options: T) =>
  field<T[number], T[number] | undefined>((value) =>
    options.includes(value as T[number]) ? (value as T[number]) : undefined,
  );

/** `z.enum(options).catch(fallback).default(fallback)` */
export const oneOfOr = <const T extends readonly string[]>(options: T, fallback: T[number]) =>
  field<T[number], T[number]>((value) =>
    options.includes(value as T[number]) ? (value as T[number]) : fallback,
  );

/** A flag in a link: true for `true`, `"true"` and `"1"`, false for any other text or boolean, else nothing. */
export const optionalFlag = () =>
  field<boolean | string, boolean | undefined>((value) =>
    typeof value === 'boolean' || typeof value === 'string'
      ? value === true || value === 'true' || value === '1'
      : undefined,
  );

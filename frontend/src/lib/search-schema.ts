import * as z from 'zod';

type Lenient<T extends z.ZodRawShape> = { [K in keyof T]: z.ZodCatch<T[K]> };

/**
 * A route's search parameters from the API's query schema (the same fields and rules, not restated),
 * except that a value breaking a rule falls back to what an absent one gives: a hand-edited address
 * shows the page with its defaults instead of failing.
 */
export function searchFromQuery<T extends z.ZodRawShape, K extends keyof T & string>(
  schema: z.ZodObject<T>,
  keys: readonly K[],
) {
  const shape = Object.fromEntries(
    keys.map((key) => {
      const field = schema.shape[key] as z.ZodType;
      return [key, field.catch(() => field.parse(undefined))];
    }),
  ) as unknown as Lenient<Pick<T, K>>;
  return z.object(shape);
}

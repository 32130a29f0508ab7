import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { routeList } from './contracts';
import { requestSchemas, strictInput } from './strict-input';

interface Def {
  type: string;
  shape?: Record<string, z.core.$ZodType>;
  catchall?: z.core.$ZodType;
  [key: string]: unknown;
}
const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as Def;

/** Every object of a schema that keeps a key it does not name (no catchall, or a loose one), by path. */
function looseObjects(schema: z.core.$ZodType, path: string): string[] {
  const def = defOf(schema);
  if (def.type === 'object')
    return [
      ...(def.catchall && !['unknown', 'any'].includes(defOf(def.catchall).type) ? [] : [path]),
      ...Object.entries(def.shape!).flatMap(([key, value]) => looseObjects(value, `${path}.${key}`)),
    ];
  return ['innerType', 'in', 'out', 'element', 'valueType', 'rest', 'left', 'right', 'options', 'items']
    .flatMap((key) => (def[key] === undefined ? [] : [def[key]].flat()))
    .flatMap((inner) => looseObjects(inner as z.core.$ZodType, path));
}

const parts = ['params', 'query', 'body'] as const;

describe('the request schemas of the route table', () => {
  it('refuse a key they do not name in every object, however deep, for every row', () => {
    const loose = routeList().flatMap((route) =>
      parts.flatMap((part) => looseObjects(requestSchemas(route)[part], `${route.name}.${part}`)),
    );
    expect(loose).toEqual([]);
  });

  it('name an extra key of every row’s params, query and body, with or without a schema of its own', () => {
    const unnamed = routeList().flatMap((route) =>
      parts.flatMap((part) => {
        const issues = requestSchemas(route)[part].safeParse({ extra_field: '1' }).error?.issues ?? [];
        const named = issues.some(
          (issue) =>
            issue.code === 'unrecognized_keys' &&
            issue.path.length === 0 &&
            issue.keys.includes('extra_field'),
        );
        return named ? [] : [`${route.name}.${part}`];
      }),
    );
    expect(unnamed).toEqual([]);
  });
});

describe('strictInput', () => {
  const schema = z
    .object({
      name: z.string().trim(),
      count: z.number().default(1),
      nested: z.object({ a: z.string() }).optional(),
      list: z.array(z.object({ b: z.number() })).optional(),
      either: z.union([z.object({ c: z.literal(1) }), z.string()]).optional(),
      later: z.preprocess((value) => value, z.object({ d: z.boolean() })).optional(),
    })
    .refine((value) => value.name !== 'no', { message: 'no', path: ['name'] })
    .transform((value) => ({ ...value, seen: true }));
  const strict = strictInput(schema);
  const refused = (input: unknown) =>
    strict
      .safeParse(input)
      .error?.issues.filter((issue) => issue.code === 'unrecognized_keys')
      .map((issue) => [issue.path.join('.'), issue.keys]);

  it('refuses an unknown key at each depth, naming the key and where it is', () => {
    expect(refused({ name: 'x', dryRun: true })).toEqual([['', ['dryRun']]]);
    expect(refused({ name: 'x', nested: { a: 'y', z: 1 } })).toEqual([['nested', ['z']]]);
    expect(refused({ name: 'x', list: [{ b: 1 }, { b: 2, e: 3 }] })).toEqual([['list.1', ['e']]]);
    expect(refused({ name: 'x', later: { d: true, f: 1 } })).toEqual([['later', ['f']]]);
    expect(strict.safeParse({ name: 'x', either: { c: 1, g: 1 } }).success).toBe(false);
  });

  it('keeps defaults, refinements and transforms, and leaves the original schema as it was', () => {
    expect(strict.parse({ name: ' x ', either: { c: 1 } })).toEqual({
      name: 'x',
      count: 1,
      either: { c: 1 },
      seen: true,
    });
    expect(strict.safeParse({ name: 'no' }).error?.issues[0]?.message).toBe('no');
    expect(schema.safeParse({ name: 'x', dryRun: true }).success).toBe(true);
    expect(strictInput(schema)).toBe(strict);
  });

  it('keeps a catchall an object names for itself', () => {
    expect(strictInput(z.looseObject({ a: z.string() })).parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
  });
});

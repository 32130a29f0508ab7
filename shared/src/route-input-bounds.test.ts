import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { routeList } from './contracts';

/** The parts of a zod definition the walk reads; every node of the tree has a `type`. */
interface Def {
  type: string;
  checks?: Array<{ _zod: { def: { check: string; format?: string; pattern?: RegExp } } }>;
  shape?: Record<string, z.core.$ZodType>;
  catchall?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  out?: z.core.$ZodType;
  options?: z.core.$ZodType[];
  element?: z.core.$ZodType;
  items?: z.core.$ZodType[];
  keyType?: z.core.$ZodType;
  valueType?: z.core.$ZodType;
  left?: z.core.$ZodType;
  right?: z.core.$ZodType;
  getter?: () => z.core.$ZodType;
}

const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as Def;

/** A regex that pins the whole value and repeats nothing without a bound (`^[0-9a-f]{16}$`). */
const boundedPattern = (pattern: RegExp) =>
  /^\^.*\$$/.test(pattern.source) && !/[*+]|\{\d*,\}/.test(pattern.source.replace(/\\./g, ''));

const boundedString = (def: Def) =>
  (def.checks ?? []).some(({ _zod: { def: check } }) =>
    check.check === 'max_length' || check.check === 'length_equals'
      ? true
      : check.check === 'string_format' && check.format === 'regex' && check.pattern !== undefined
        ? boundedPattern(check.pattern)
        : false,
  );

/** Wrappers that hand their value on unchanged in length. */
const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);
/** Nodes that hold no string of their own. */
const leaves = new Set([
  'number',
  'int',
  'boolean',
  'bigint',
  'literal',
  'enum',
  'null',
  'undefined',
  'transform',
  'date',
]);

/**
 * Every string a schema accepts without a maximum length, by path. A pipe whose output is a
 * bounded string bounds its input too (the value is refused before anything stores or looks it up).
 */
function unboundedStrings(schema: z.core.$ZodType, path: string): string[] {
  const def = defOf(schema);
  if (def.type === 'string') return boundedString(def) ? [] : [path];
  if (wrappers.has(def.type)) return unboundedStrings(def.innerType!, path);
  if (leaves.has(def.type)) return [];
  switch (def.type) {
    case 'object':
      return [
        ...Object.entries(def.shape!).flatMap(([key, value]) => unboundedStrings(value, `${path}.${key}`)),
        ...(def.catchall ? unboundedStrings(def.catchall, `${path}.*`) : []),
      ];
    case 'pipe': {
      const input = unboundedStrings(def.in!, path);
      return input.length > 0 && stringIsBounded(def.out!)
        ? []
        : [...input, ...unboundedStrings(def.out!, path)];
    }
    case 'union':
      return def.options!.flatMap((option) => unboundedStrings(option, path));
    case 'array':
      return unboundedStrings(def.element!, `${path}[]`);
    case 'tuple':
      return def.items!.flatMap((item, index) => unboundedStrings(item, `${path}[${index}]`));
    case 'record':
      return [
        ...unboundedStrings(def.keyType!, `${path}{key}`),
        ...unboundedStrings(def.valueType!, `${path}{}`),
      ];
    case 'intersection':
      return [...unboundedStrings(def.left!, path), ...unboundedStrings(def.right!, path)];
    default:
      // A node the walk does not know (lazy, any, unknown, custom) could accept anything: name it.
      return [`${path} (${def.type})`];
  }
}

/** Whether a pipe's output is a string with a maximum (through wrappers and further pipes). */
function stringIsBounded(schema: z.core.$ZodType): boolean {
  const def = defOf(schema);
  if (def.type === 'string') return boundedString(def);
  if (wrappers.has(def.type)) return stringIsBounded(def.innerType!);
  if (def.type === 'pipe') return stringIsBounded(def.out!) || stringIsBounded(def.in!);
  return false;
}

describe('request inputs of the route table', () => {
  it('finding 8: every path parameter, query parameter and body field of every route has a maximum length', () => {
    const unbounded = routeList().flatMap((route) =>
      (['params', 'query', 'body'] as const).flatMap((part) => {
        const schema = route[part];
        return schema ? unboundedStrings(schema, `${route.name}.${part}`) : [];
      }),
    );
    expect(unbounded).toEqual([]);
  });

  it('the walk names an unbounded string wherever it hides, and lets enums, bounded regexes and bounded pipes pass', () => {
    const schema = z.object({
      a: z.string().min(1),
      b: z.array(z.object({ c: z.string().optional() })),
      d: z.union([z.string(), z.number()]),
      e: z.string().regex(/^\d+$/),
      ok1: z.enum(['x', 'y']),
      ok2: z.string().regex(/^[0-9a-f]{16}$/),
      ok3: z
        .string()
        .transform((value) => value.trim())
        .pipe(z.string().max(10)),
      ok4: z.coerce.number().int(),
    });
    expect(unboundedStrings(schema, 'q')).toEqual(['q.a', 'q.b[].c', 'q.d', 'q.e']);
  });
});

import * as z from 'zod';

type Schema = z.ZodType;

/** The parts of a zod definition that hold the schemas of the values inside it. */
interface Def {
  type: string;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  getter?: () => Schema;
}
/** Keys of a definition holding one inner schema (wrappers, pipes, arrays, records, intersections). */
const innerKeys = ['innerType', 'in', 'out', 'element', 'valueType', 'rest', 'left', 'right'] as const;
/** Keys holding a list of them (unions, tuples). */
const listKeys = ['options', 'items'] as const;

const strictCopies = new WeakMap<Schema, Schema>();

/**
 * The schema a request is read with: the same schema, with every object in it, however deep
 * (inside arrays, unions, optionals, pipes), refusing a key it does not name. A misspelt field
 * (`dryRun` for `dry_run`) is then a 422 naming it instead of a field silently dropped, its default
 * taken and the action run. An object that names a catchall of its own (`z.looseObject`,
 * `.catchall()`) keeps it. Refinements, defaults and transforms are kept as they are.
 */
export function strictInput<T extends Schema>(schema: T): T {
  return strictCopy(schema) as T;
}

/** What a row without a schema for a part of the request takes there: nothing (no key at all). */
const nothing = z.strictObject({});

/**
 * The schemas a row's params, query and body are read with: its own, made strict, and for a part
 * it has no schema for, an empty object that refuses every key (a query parameter or a body field
 * sent to a row that takes none is refused the same way as a misspelt one).
 */
export function requestSchemas(row: { params?: Schema; query?: Schema; body?: Schema }) {
  return {
    params: strictInput(row.params ?? nothing),
    query: strictInput(row.query ?? nothing),
    body: strictInput(row.body ?? nothing),
  };
}

function strictCopy(schema: Schema): Schema {
  const known = strictCopies.get(schema);
  if (known) return known;
  const def = schema._zod.def as unknown as Def & Record<string, unknown>;
  const changes: Record<string, unknown> = {};
  if (def.type === 'object') {
    changes['shape'] = Object.fromEntries(
      Object.entries(def.shape!).map(([key, value]) => [key, strictCopy(value)]),
    );
    changes['catchall'] = def.catchall ? strictCopy(def.catchall) : z.never();
  } else if (def.type === 'lazy') {
    const getter = def.getter!;
    changes['getter'] = () => strictCopy(getter());
  } else {
    for (const key of innerKeys) {
      const inner = def[key] as Schema | undefined;
      if (inner && strictCopy(inner) !== inner) changes[key] = strictCopy(inner);
    }
    for (const key of listKeys) {
      const list = def[key] as Schema[] | undefined;
      if (list?.some((item) => strictCopy(item) !== item)) changes[key] = list.map(strictCopy);
    }
  }
  const copy =
    Object.keys(changes).length === 0 ? schema : z.core.clone(schema, z.core.util.mergeDefs(def, changes));
  strictCopies.set(schema, copy);
  return copy;
}

/**
 * Route grants derived from the code: every repository function declares the partitions it reads,
 * writes and queries by index (its module's `tableUse`, functions/src/db/table-use.ts), and a route
 * row's `aws.keys` must cover the declarations of every repository function its handler's code can
 * reach, whichever branch a request takes (docs/architecture.md, "The route row"). The walk is
 * static: the handler's `handler` export, the declarations it names, theirs in turn, across modules
 * (type-only imports left out, `import()` of a literal path or a module's constant followed).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import {
  indexPartitions,
  itemPartitions,
  leadingKeyPattern,
  stringLike,
  type LeadingKeys,
} from '../../shared/src/aws-access';
import { keys } from '../../functions/src/db/keys';
import {
  exportedDeclaration,
  exportedNames,
  functionsCode,
  memberOf,
  nameReference,
  objectLiteralOf,
  referencesOf,
  repositoryRoot,
  returnedNames,
  type CodeModule,
  type Reference,
} from './code-graph';

/** A repository module's declarations: a function's partitions, or a repository object's, by member. */
type ModuleTableUse = Readonly<Record<string, LeadingKeys | Readonly<Record<string, LeadingKeys>>>>;

/** Every repository module's declarations, by module path (functions/src/db/repositories/…). */
export type TableUseByModule = Readonly<Record<string, ModuleTableUse>>;

const repositories = 'functions/src/db/repositories/';
const tableLayer = 'functions/src/db/';
/** Entry modules of other functions: a route that starts one (the ranking job) runs it with the job's grants. */
const otherFunctions = 'functions/src/jobs/';

const isLeadingKeys = (value: object): value is LeadingKeys =>
  Object.keys(value).every((key) => key === 'read' || key === 'write' || key === 'index') &&
  Object.values(value).every(Array.isArray);

/** A declared repository function by its name as callers write it: `auditPut`, `teamRepository.save`. */
interface Declared {
  module: string;
  name: string;
  keys: LeadingKeys;
}

/** The declared functions by `module:name`, a repository object's under its name and under `name.member`. */
type DeclaredFunctions = Map<string, Declared[]>;

const indexed = new WeakMap<TableUseByModule, DeclaredFunctions>();
function declaredFunctions(declarations: TableUseByModule): DeclaredFunctions {
  const known = indexed.get(declarations);
  if (known) return known;
  const functions: DeclaredFunctions = new Map();
  for (const [module, declared] of Object.entries(declarations))
    for (const [name, value] of Object.entries(declared)) {
      if (isLeadingKeys(value)) {
        functions.set(`${module}:${name}`, [{ module, name, keys: value }]);
        continue;
      }
      const members = Object.entries(value).map(([member, use]) => ({
        module,
        name: `${name}.${member}`,
        keys: use,
      }));
      functions.set(`${module}:${name}.*`, members);
      for (const member of members) functions.set(`${module}:${member.name}`, [member]);
    }
  indexed.set(declarations, functions);
  return functions;
}

/** The declared functions a reference into a repository module stands for (all of an object passed whole). */
function declaredUses(
  functions: DeclaredFunctions,
  module: string,
  name: string,
  member: string | undefined,
): Declared[] | 'undeclared' | 'pure' {
  const whole = functions.get(`${module}:${name}`);
  if (whole) return whole;
  const members = functions.get(`${module}:${name}.*`);
  if (!members) return 'pure';
  if (member === undefined) return members;
  return functions.get(`${module}:${name}.${member}`) ?? 'undeclared';
}

const step = (module: string, name: string) => `${module.replace('functions/src/', '')} ${name}`;

export interface ReachedUse extends Declared {
  /** The declarations from the handler to the call, for the report. */
  chain: string[];
}

/** Where the walk goes from one node: other nodes, repository functions (and the module naming each), problems. */
interface Edges {
  next: string[];
  uses: Array<{ use: Declared; module: string }>;
  problems: string[];
}

const edgesByDeclarations = new WeakMap<DeclaredFunctions, Map<string, Edges>>();

/**
 * The edges of one node of the walk. A node is a top-level declaration (`module#name`), one member
 * of an object literal (`module#name.member`), a function whose answers are names, without them
 * (`module#name()`: its call's member is followed instead), or a module's loading (`module#<load>`:
 * its top-level statements, and the loading of what it imports).
 */
function edgesOf(code: ReadonlyMap<string, CodeModule>, functions: DeclaredFunctions, id: string): Edges {
  let known = edgesByDeclarations.get(functions);
  if (!known) edgesByDeclarations.set(functions, (known = new Map()));
  const cached = known.get(id);
  if (cached) return cached;
  const edges: Edges = { next: [], uses: [], problems: [] };
  known.set(id, edges);
  const [path, name] = id.split('#') as [string, string];
  const module = code.get(path)!;
  const declarationOf = (at: string, named: string) => code.get(at)!.declarations.get(named);
  const to = (at: string, named: string) => {
    edges.next.push(`${at}#${named}`);
    if (!at.startsWith(tableLayer)) edges.next.push(`${at}#<load>`);
  };
  /** A name (of `at`) used whole, through a member, or through its call's member. */
  const reach = (at: string, named: string, member: string | undefined, called: boolean) => {
    if (!called) {
      to(
        at,
        member && memberOf(code.get(at)!, declarationOf(at, named), member) ? `${named}.${member}` : named,
      );
      return;
    }
    const answers = member ? returnedNames(declarationOf(at, named)) : undefined;
    if (!answers) return to(at, named);
    to(at, `${named}()`);
    for (const answer of answers) {
      const reference = nameReference(code.get(at)!, answer.text, member);
      if (reference) follow(code.get(at)!, reference, undefined);
    }
  };
  const follow = (from: CodeModule, reference: Reference, object: string | undefined): void => {
    if (reference.kind === 'unresolved') {
      edges.problems.push(`${from.path}: cannot tell which module \`import(${reference.text})\` loads`);
      return;
    }
    if (reference.kind === 'this') {
      if (object) reach(from.path, object, reference.member, false);
      return;
    }
    if (reference.kind === 'local')
      return reach(from.path, reference.name, reference.member, reference.called ?? false);
    // Another function's entry (the ranking job, the reminder senders): run with that function's grants.
    if (reference.kind === 'load' && reference.module.startsWith(otherFunctions)) return;
    if (reference.kind === 'load') {
      for (const exported of exportedNames(code, reference.module))
        follow(from, { kind: 'import', module: reference.module, name: exported }, undefined);
      return;
    }
    if (reference.module.startsWith(repositories)) {
      const found = declaredUses(functions, reference.module, reference.name, reference.member);
      if (found === 'undeclared')
        edges.problems.push(`${from.path}: ${reference.name}.${reference.member} has no table use declared`);
      if (typeof found !== 'string') for (const use of found) edges.uses.push({ use, module: from.path });
      return;
    }
    if (reference.module.startsWith(tableLayer)) {
      edges.problems.push(
        `${from.path}: uses ${reference.name} of ${reference.module}; only repositories (${repositories}) reach the table`,
      );
      return;
    }
    const target = exportedDeclaration(code, reference.module, reference.name);
    if (target) reach(target.module, target.name, reference.member, reference.called ?? false);
  };
  if (name === '<load>') {
    for (const imported of module.loads)
      if (!imported.startsWith(tableLayer)) edges.next.push(`${imported}#<load>`);
    for (const node of module.roots)
      for (const reference of referencesOf(module, node)) follow(module, reference, undefined);
    return edges;
  }
  const [object, member] = name.replace(/\(\)$/, '').split('.') as [string, string | undefined];
  const declaration = declarationOf(path, object);
  const node = member ? memberOf(module, declaration, member) : declaration;
  if (!node) return edges;
  const skip = name.endsWith('()') ? new Set<ts.Node>(returnedNames(declaration)) : undefined;
  for (const reference of referencesOf(module, node, skip))
    follow(module, reference, member ? object : undefined);
  // A member of an object a call wraps runs through the wrapper too.
  const wrapper = member ? objectLiteralOf(declaration)?.wrapper : undefined;
  if (wrapper) for (const reference of referencesOf(module, wrapper)) follow(module, reference, undefined);
  return edges;
}

/**
 * The repository functions `entry`'s `handler` can reach, each with the chain of declarations that
 * reaches it, and what in its code the walk could not follow (a table reached outside a repository,
 * a module named by something other than a constant). `skips` leaves out a repository function
 * named in a module, for calls the route's row decides.
 */
export function reachedRepositoryFunctions(
  entry: string,
  declarations: TableUseByModule,
  code: ReadonlyMap<string, CodeModule> = functionsCode(),
  skips: (use: Declared, module: string) => boolean = () => false,
): { uses: ReachedUse[]; problems: string[] } {
  const functions = declaredFunctions(declarations);
  const uses = new Map<string, ReachedUse>();
  const problems = new Set<string>();
  const parents = new Map<string, string | null>();
  const chainOf = (id: string): string[] => {
    const chain: string[] = [];
    for (let at: string | null = id; at !== null; at = parents.get(at) ?? null) {
      const [module, name] = at.split('#') as [string, string];
      if (name !== '<load>' || at === id) chain.unshift(step(module, name));
    }
    return chain;
  };
  const queue = [`${entry}#handler`, `${entry}#<load>`];
  for (const id of queue) parents.set(id, null);
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i]!;
    const edges = edgesOf(code, functions, id);
    for (const problem of edges.problems) problems.add(problem);
    for (const { use, module } of edges.uses) {
      const key = `${use.module}:${use.name}`;
      if (!uses.has(key) && !skips(use, module)) uses.set(key, { ...use, chain: chainOf(id) });
    }
    for (const next of edges.next)
      if (!parents.has(next)) {
        parents.set(next, id);
        queue.push(next);
      }
  }
  return { uses: [...uses.values()], problems: [...problems] };
}

/** The route rows' view of their grants: a name and `aws.keys` (table `none`: no partitions at all). */
export interface GrantedRoute {
  name: string;
  handler: string;
  access: 'public' | 'user' | 'operator';
  aws: { table: 'none' | 'read' | 'write'; keys?: LeadingKeys };
}

/**
 * Repository calls that a route's row decides, not its request: the HTTP wrapper checks the
 * caller's session only on routes that are not public (functions/src/adapters/http-handler.ts).
 */
const decidedByRow: ReadonlyArray<{ module: string; use: string; when: (route: GrantedRoute) => boolean }> = [
  {
    module: 'functions/src/adapters/http-handler.ts',
    use: 'userRepository.checkSession',
    when: (route) => route.access !== 'public',
  },
];

const reachedBy = (route: GrantedRoute, declarations: TableUseByModule) =>
  reachedRepositoryFunctions(handlerModule(route.handler), declarations, functionsCode(), (use, module) =>
    decidedByRow.some((rule) => rule.module === module && rule.use === use.name && !rule.when(route)),
  );

export const handlerModule = (handler: string) => `functions/src/handlers/${handler}.ts`;

/**
 * What each route's row fails to grant of what its handler can reach: a partition read that the row
 * neither reads nor writes, one written that it does not write, an index listing it does not query.
 */
export function routeGrantGaps(routes: readonly GrantedRoute[], declarations: TableUseByModule): string[] {
  return routes.flatMap((route) => {
    const { uses, problems } = reachedBy(route, declarations);
    const granted = route.aws.table === 'none' ? {} : (route.aws.keys ?? {});
    const write = new Set<string>(granted.write ?? []);
    const read = new Set<string>([...(granted.read ?? []), ...write]);
    const index = new Set<string>(granted.index ?? []);
    const gaps = problems.map((problem) => `${route.name}: ${problem}`);
    for (const use of uses) {
      const missing = [
        ...(use.keys.read ?? []).filter((p) => !read.has(p)).map((p) => `reads ${p} (aws.keys.read)`),
        ...(use.keys.write ?? []).filter((p) => !write.has(p)).map((p) => `writes ${p} (aws.keys.write)`),
        ...(use.keys.index ?? []).filter((p) => !index.has(p)).map((p) => `queries ${p} (aws.keys.index)`),
      ];
      for (const what of missing)
        gaps.push(
          `${route.name} ${what} through ${use.name}, which its row does not grant:\n    ${use.chain.join('\n    → ')}\n    → ${use.name}`,
        );
    }
    return gaps;
  });
}

/** The partitions (item or index) whose pattern a key builder's partition keys match. */
function builderPartitions(name: string): { items: string[]; indexes: string[] } {
  const builder = (keys as Record<string, unknown>)[name];
  const built: unknown =
    typeof builder === 'function'
      ? (builder as (...ids: string[]) => unknown)('x', 'x', 'x', 'x', 'x')
      : builder;
  const values =
    typeof built === 'string'
      ? name.endsWith('Partition')
        ? [built]
        : []
      : ['PK', 'GSI1PK', 'GSI2PK'].map(
          (attribute) => (built as Record<string, unknown> | undefined)?.[attribute],
        );
  const strings = values.filter((value): value is string => typeof value === 'string');
  const matching = (partitions: readonly string[]) =>
    partitions.filter((partition) =>
      strings.some((value) => stringLike(leadingKeyPattern(partition), value)),
    );
  return { items: matching(itemPartitions), indexes: matching(indexPartitions) };
}

/** The functions of a module's exported repository objects (`export const xRepository = { … }`). */
function repositoryObjects(module: CodeModule): Map<string, string[]> {
  const objects = new Map<string, string[]>();
  for (const [name, exported] of module.exports) {
    if (!('local' in exported) || !/Repository$/.test(name)) continue;
    const declaration = module.declarations.get(exported.local);
    const literal =
      declaration && ts.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
    if (literal && ts.isObjectLiteralExpression(literal))
      objects.set(
        name,
        literal.properties.flatMap((property) => (property.name ? [property.name.getText()] : [])),
      );
  }
  return objects;
}

interface FunctionWalk {
  /** Partitions of the keys it builds (item partitions; index ones only where it queries an index). */
  items: Set<string>;
  indexes: Set<string>;
  queriesIndex: boolean;
  /** Reaches the table client or the keys at all. */
  touchesTable: boolean;
  /** Other declared repository functions it calls. */
  calls: Declared[];
}

/** What one repository function's code builds and calls, within the table layer. */
function walkRepositoryFunction(
  code: ReadonlyMap<string, CodeModule>,
  functions: DeclaredFunctions,
  self: string,
  start: { module: string; node: ts.Node; object?: string },
): FunctionWalk {
  const walk: FunctionWalk = {
    items: new Set(),
    indexes: new Set(),
    queriesIndex: false,
    touchesTable: false,
    calls: [],
  };
  const seen = new Set<ts.Node>();
  const queue: Array<{ module: CodeModule; node: ts.Node }> = [
    { module: code.get(start.module)!, node: start.node },
  ];
  const call = (module: string, name: string, member: string | undefined) => {
    const found = declaredUses(functions, module, name, member);
    if (typeof found === 'string') return false;
    for (const use of found) if (`${use.module}:${use.name}` !== self) walk.calls.push(use);
    walk.touchesTable = true;
    return true;
  };
  while (queue.length > 0) {
    const { module, node } = queue.shift()!;
    if (seen.has(node)) continue;
    seen.add(node);
    if (/\bIndexName\b/.test(node.getText())) walk.queriesIndex = true;
    for (const reference of referencesOf(module, node)) {
      if (reference.kind === 'unresolved' || reference.kind === 'load') continue;
      if (reference.kind === 'this') {
        if (start.object) call(start.module, start.object, reference.member);
        continue;
      }
      if (reference.kind === 'local') {
        if (call(module.path, reference.name, reference.member)) continue;
        const declaration = module.declarations.get(reference.name);
        if (declaration) queue.push({ module, node: declaration });
        continue;
      }
      if (reference.module === `${tableLayer}keys.ts`) {
        walk.touchesTable = true;
        if (reference.name !== 'keys' || !reference.member) continue;
        const { items, indexes } = builderPartitions(reference.member);
        for (const partition of items) walk.items.add(partition);
        for (const partition of indexes) walk.indexes.add(partition);
        continue;
      }
      if (reference.module === `${tableLayer}client.ts`) walk.touchesTable = true;
      if (!reference.module.startsWith(tableLayer)) continue;
      if (
        reference.module.startsWith(repositories) &&
        call(reference.module, reference.name, reference.member)
      )
        continue;
      const target = exportedDeclaration(code, reference.module, reference.name);
      const declaration = target && code.get(target.module)!.declarations.get(target.name);
      if (declaration) queue.push({ module: code.get(target.module)!, node: declaration });
    }
  }
  return walk;
}

const repositoryModules = (code: ReadonlyMap<string, CodeModule>) =>
  [...code.keys()].filter((path) => path.startsWith(repositories));

/**
 * Whether the declarations hold to the repositories' code: every function of a repository object and
 * every exported function that reaches the table is declared; a declaration names every partition
 * whose keys its function builds (an index listing where it queries one), and covers the
 * declarations of the repository functions it calls (their reads as reads or writes, their writes
 * as writes); it names no partition its function never reaches.
 */
export function declarationGaps(
  declarations: TableUseByModule,
  code: ReadonlyMap<string, CodeModule> = functionsCode(),
): string[] {
  const functions = declaredFunctions(declarations);
  const gaps: string[] = [];
  for (const path of repositoryModules(code)) {
    const module = code.get(path)!;
    const declared = declarations[path] ?? {};
    const objects = repositoryObjects(module);
    for (const [object, members] of objects)
      for (const member of members)
        if (!functions.has(`${path}:${object}.${member}`))
          gaps.push(`${path}: ${object}.${member} has no table use declared (tableUse.${object}.${member})`);
    for (const [name, exported] of module.exports) {
      if (objects.has(name) || !('local' in exported) || functions.has(`${path}:${name}`)) continue;
      const node = module.declarations.get(exported.local);
      if (!node) continue;
      if (walkRepositoryFunction(code, functions, `${path}:${name}`, { module: path, node }).touchesTable)
        gaps.push(`${path}: ${name} reaches the table and has no table use declared (tableUse.${name})`);
    }
    for (const [name, value] of Object.entries(declared)) {
      const entries: Array<[string, LeadingKeys, ts.Node | undefined, string | undefined]> = isLeadingKeys(
        value,
      )
        ? [[name, value, module.declarations.get(name), undefined]]
        : Object.entries(value).map(([member, use]) => [
            `${name}.${member}`,
            use,
            memberOf(module, module.declarations.get(name), member),
            name,
          ]);
      for (const [fn, use, node, object] of entries) {
        if (!node) {
          gaps.push(`${path}: tableUse names ${fn}, which the module does not define`);
          continue;
        }
        gaps.push(...functionDeclarationGaps(code, functions, path, fn, use, { module: path, node, object }));
      }
    }
  }
  for (const path of Object.keys(declarations))
    if (!code.has(path)) gaps.push(`${path}: declared, but there is no such repository module`);
  return gaps;
}

function functionDeclarationGaps(
  code: ReadonlyMap<string, CodeModule>,
  functions: DeclaredFunctions,
  path: string,
  fn: string,
  use: LeadingKeys,
  start: { module: string; node: ts.Node; object: string | undefined },
): string[] {
  const walk = walkRepositoryFunction(code, functions, `${path}:${fn}`, {
    module: start.module,
    node: start.node,
    ...(start.object ? { object: start.object } : {}),
  });
  const read = new Set<string>(use.read ?? []);
  const write = new Set<string>(use.write ?? []);
  const index = new Set<string>(use.index ?? []);
  const gaps: string[] = [];
  const where = `${path}: ${fn}`;
  for (const partition of walk.items)
    if (!read.has(partition) && !write.has(partition))
      gaps.push(`${where} builds keys of ${partition} but declares neither reading nor writing it`);
  if (walk.queriesIndex)
    for (const partition of walk.indexes)
      if (!index.has(partition))
        gaps.push(`${where} queries the index listing ${partition} but does not declare it`);
  const reached = new Set<string>(walk.items);
  if (walk.queriesIndex) for (const partition of walk.indexes) reached.add(partition);
  for (const inner of walk.calls) {
    for (const partition of inner.keys.read ?? []) {
      reached.add(partition);
      if (!read.has(partition) && !write.has(partition))
        gaps.push(`${where} calls ${inner.name}, which reads ${partition}: declare it read`);
    }
    for (const partition of inner.keys.write ?? []) {
      reached.add(partition);
      if (!write.has(partition))
        gaps.push(`${where} calls ${inner.name}, which writes ${partition}: declare it written`);
    }
    for (const partition of inner.keys.index ?? []) {
      reached.add(partition);
      if (!index.has(partition))
        gaps.push(`${where} calls ${inner.name}, which queries ${partition}: declare it`);
    }
  }
  for (const partition of [...read, ...write, ...index])
    if (!reached.has(partition)) gaps.push(`${where} declares ${partition}, but builds no key of it`);
  return gaps;
}

/**
 * Modules outside the table layer that import a part of it other than a repository (the keys, the
 * client, the table helpers): only repositories know keys, so only their declarations say what a
 * function touches.
 */
export function tableReachedOutsideRepositories(
  code: ReadonlyMap<string, CodeModule> = functionsCode(),
): string[] {
  return [...code.values()].flatMap((module) =>
    module.path.startsWith(tableLayer)
      ? []
      : [...new Set(module.loads)]
          .filter((target) => target.startsWith(tableLayer) && !target.startsWith(repositories))
          .map(
            (target) =>
              `${module.path} imports ${target}; only repositories (${repositories}) reach the table`,
          ),
  );
}

/** The repository modules of functions/src (for the test that every one is declared). */
export const repositoryModulePaths = () =>
  readdirSync(join(repositoryRoot, repositories), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => `${repositories}${name}`);

/**
 * The functions' code as a graph of top-level declarations, read from the source with TypeScript's
 * parser (no type checking, no code run): which module imports what, and which declarations each
 * declaration names. The route grants check (route-grants.ts) walks it from a handler.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const repositoryRoot = join(import.meta.dirname, '../..');
const functionsRoot = 'functions/src';

/** Where a name a module imports comes from: a module of ours (repository-relative) and its export. */
interface ImportedName {
  module: string;
  /** The exported name, `*` for a namespace import. */
  name: string;
}

export interface CodeModule {
  path: string;
  source: ts.SourceFile;
  /** Local names bound by value imports (type-only imports are left out). */
  imports: Map<string, ImportedName>;
  /** Top-level declarations by name (a destructuring binds each of its names to the statement). */
  declarations: Map<string, ts.Node>;
  /** Exported names: a local declaration's name, or another module's export (`export … from`). */
  exports: Map<string, { local: string } | ImportedName>;
  /** Modules whose every export this one exports too (`export * from`). */
  starExports: string[];
  /** Top-level statements that run when the module is loaded (calls, assignments). */
  roots: ts.Node[];
  /** The modules of ours it imports for their values or effects. */
  loads: string[];
  /** Top-level `const name = 'literal'`: a module named by a variable is resolved through them. */
  constants: Map<string, string>;
}

const isTestFile = (path: string) => /\.test\.tsx?$/.test(path);

function sourceFiles(folder: string): string[] {
  return readdirSync(join(repositoryRoot, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !isTestFile(entry.name) ? [path] : [];
  });
}

/** The functions' package name, which a module deep in a folder imports another layer by. */
const ownPackage = '@golf/functions/';
const isOurs = (specifier: string) => specifier.startsWith('.') || specifier.startsWith(ownPackage);

/**
 * The module of ours a specifier names, relative or by the functions' package name, or undefined
 * for another package (shared/ is left out too: it reaches no table).
 */
function resolveSpecifier(from: string, specifier: string, known: ReadonlySet<string>) {
  if (!isOurs(specifier)) return undefined;
  const base = specifier.startsWith(ownPackage)
    ? `functions/src/${specifier.slice(ownPackage.length)}`
    : relative(repositoryRoot, resolve(repositoryRoot, dirname(from), specifier));
  return [base, `${base}.ts`, `${base}/index.ts`].find((candidate) => known.has(candidate));
}

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === kind);

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) =>
    ts.isOmittedExpression(element) ? [] : bindingNames(element.name),
  );
}

function parseModule(path: string, known: ReadonlySet<string>): CodeModule {
  const text = readFileSync(join(repositoryRoot, path), 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const module: CodeModule = {
    path,
    source,
    imports: new Map(),
    declarations: new Map(),
    exports: new Map(),
    roots: [],
    loads: [],
    constants: new Map(),
    starExports: [],
  };
  const ours = (specifier: ts.Expression) =>
    ts.isStringLiteral(specifier) ? resolveSpecifier(path, specifier.text, known) : undefined;
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const target = ours(statement.moduleSpecifier);
      const clause = statement.importClause;
      if (!target || clause?.isTypeOnly) continue;
      let values = clause === undefined;
      if (clause?.name) {
        module.imports.set(clause.name.text, { module: target, name: 'default' });
        values = true;
      }
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) {
        module.imports.set(bindings.name.text, { module: target, name: '*' });
        values = true;
      } else if (bindings) {
        for (const element of bindings.elements) {
          if (element.isTypeOnly) continue;
          module.imports.set(element.name.text, {
            module: target,
            name: (element.propertyName ?? element.name).text,
          });
          values = true;
        }
      }
      if (values) module.loads.push(target);
      continue;
    }
    if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly) continue;
      const target = statement.moduleSpecifier ? ours(statement.moduleSpecifier) : undefined;
      if (statement.moduleSpecifier && !target) continue;
      if (target) module.loads.push(target);
      const clause = statement.exportClause;
      if (!clause && target) module.starExports.push(target);
      if (clause && ts.isNamedExports(clause)) {
        for (const element of clause.elements) {
          if (element.isTypeOnly) continue;
          const local = (element.propertyName ?? element.name).text;
          module.exports.set(element.name.text, target ? { module: target, name: local } : { local });
        }
      }
      continue;
    }
    if (
      ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isImportEqualsDeclaration(statement) ||
      (ts.isModuleDeclaration(statement) && hasModifier(statement, ts.SyntaxKind.DeclareKeyword))
    )
      continue;
    const exported = hasModifier(statement, ts.SyntaxKind.ExportKeyword);
    const names: string[] = [];
    if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      names.push(statement.name.text);
      if (!hasModifier(statement, ts.SyntaxKind.DeclareKeyword))
        module.declarations.set(statement.name.text, statement);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        for (const name of bindingNames(declaration.name)) {
          names.push(name);
          module.declarations.set(name, declaration);
        }
        const initializer = declaration.initializer;
        if (ts.isIdentifier(declaration.name) && initializer && ts.isStringLiteralLike(initializer))
          module.constants.set(declaration.name.text, initializer.text);
      }
    } else if (ts.isExportAssignment(statement)) {
      module.declarations.set('default', statement);
      module.exports.set('default', { local: 'default' });
    } else {
      module.roots.push(statement);
    }
    if (exported) for (const name of names) module.exports.set(name, { local: name });
  }
  return module;
}

/** Every module of functions/src (tests left out), parsed once per process. */
let parsed: Map<string, CodeModule> | undefined;
export function functionsCode(): Map<string, CodeModule> {
  if (parsed) return parsed;
  const paths = sourceFiles(functionsRoot);
  const known = new Set(paths);
  parsed = new Map(paths.map((path) => [path, parseModule(path, known)]));
  return parsed;
}

/**
 * A name one declaration uses: a name of its own module, or a module's export, possibly through a
 * member (`repo.save`), or a member of what a call of it returns (`identity().signIn`: `called`).
 */
export type Reference =
  | { kind: 'local'; name: string; member?: string; called?: boolean }
  | { kind: 'import'; module: string; name: string; member?: string; called?: boolean }
  /** `this.member` inside an object's method. */
  | { kind: 'this'; member: string }
  | { kind: 'load'; module: string; names: 'all' }
  | { kind: 'unresolved'; text: string };

/** What `name` stands for in `module`: an import, a top-level declaration, or nothing of ours. */
export function nameReference(
  module: CodeModule,
  name: string,
  member?: string,
  called?: boolean,
): Reference | undefined {
  const extra = { ...(member ? { member } : {}), ...(called ? { called } : {}) };
  const imported = module.imports.get(name);
  if (!imported) return module.declarations.has(name) ? { kind: 'local', name, ...extra } : undefined;
  if (imported.name !== '*')
    return { kind: 'import', module: imported.module, name: imported.name, ...extra };
  return member
    ? { kind: 'import', module: imported.module, name: member }
    : { kind: 'load', module: imported.module, names: 'all' };
}

/** Is `node` the name a declaration gives (not a use of a name)? */
function isDeclaredName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (
    ((ts.isPropertyAssignment(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isGetAccessorDeclaration(parent) ||
      ts.isSetAccessorDeclaration(parent) ||
      ts.isEnumMember(parent) ||
      ts.isFunctionDeclaration(parent) ||
      ts.isFunctionExpression(parent) ||
      ts.isClassDeclaration(parent) ||
      ts.isClassExpression(parent) ||
      ts.isVariableDeclaration(parent) ||
      ts.isParameter(parent)) &&
      parent.name === node) ||
    (ts.isBindingElement(parent) && (parent.propertyName === node || parent.name === node)) ||
    (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
    ts.isLabeledStatement(parent) ||
    ts.isBreakOrContinueStatement(parent)
  );
}

/**
 * The names `node` uses, in value positions only (types are left out), and the modules its
 * `import()` calls load: a literal path, or a top-level constant of the module naming one. Nodes in
 * `skip` are left out.
 */
export function referencesOf(module: CodeModule, node: ts.Node, skip?: ReadonlySet<ts.Node>): Reference[] {
  const cached = skip ? undefined : referencesByNode.get(node);
  if (cached) return cached;
  const found: Reference[] = [];
  const named = (name: string, member?: string, called?: boolean) => {
    const reference = nameReference(module, name, member, called);
    if (reference) found.push(reference);
  };
  const loaded = (argument: ts.Expression | undefined) => {
    const specifier =
      argument && ts.isStringLiteralLike(argument)
        ? argument.text
        : argument && ts.isIdentifier(argument)
          ? module.constants.get(argument.text)
          : undefined;
    if (specifier === undefined) {
      found.push({ kind: 'unresolved', text: argument?.getText() ?? '' });
      return;
    }
    const target = resolveSpecifier(module.path, specifier, new Set(functionsCode().keys()));
    // A package (sharp, satori) reaches no table of ours.
    if (target) found.push({ kind: 'load', module: target, names: 'all' });
    else if (isOurs(specifier)) found.push({ kind: 'unresolved', text: specifier });
  };
  const visit = (child: ts.Node): void => {
    if (skip?.has(child)) return;
    if (ts.isTypeNode(child) && !ts.isExpressionWithTypeArguments(child)) return;
    if (ts.isInterfaceDeclaration(child) || ts.isTypeAliasDeclaration(child)) return;
    if (ts.isCallExpression(child) && child.expression.kind === ts.SyntaxKind.ImportKeyword) {
      loaded(child.arguments[0]);
      return;
    }
    if (
      ts.isCallExpression(child) &&
      ts.isIdentifier(child.expression) &&
      child.expression.text === 'require'
    ) {
      loaded(child.arguments[0]);
      return;
    }
    if (ts.isPropertyAccessExpression(child) && child.expression.kind === ts.SyntaxKind.ThisKeyword) {
      found.push({ kind: 'this', member: child.name.text });
      return;
    }
    if (ts.isPropertyAccessExpression(child) && ts.isIdentifier(child.expression)) {
      named(child.expression.text, child.name.text);
      return;
    }
    if (
      ts.isPropertyAccessExpression(child) &&
      ts.isCallExpression(child.expression) &&
      ts.isIdentifier(child.expression.expression)
    ) {
      named(child.expression.expression.text, child.name.text, true);
      child.expression.arguments.forEach(visit);
      return;
    }
    if (ts.isShorthandPropertyAssignment(child)) {
      named(child.name.text);
      return;
    }
    if (ts.isIdentifier(child)) {
      if (!isDeclaredName(child)) named(child.text);
      return;
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  if (!skip) referencesByNode.set(node, found);
  return found;
}
const referencesByNode = new WeakMap<ts.Node, Reference[]>();

const unwrapped = (expression: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(expression) ||
  ts.isAsExpression(expression) ||
  ts.isSatisfiesExpression(expression)
    ? unwrapped(expression.expression)
    : expression;

/**
 * The object literal a top-level `const name = { … }` is, if it is one, or the one a call wraps
 * (`const port = wrapped({ … })`: the wrapper is `wrapper`).
 */
export function objectLiteralOf(
  declaration: ts.Node | undefined,
): (ts.ObjectLiteralExpression & { wrapper?: ts.Expression }) | undefined {
  if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  const value = unwrapped(declaration.initializer);
  if (ts.isObjectLiteralExpression(value)) return value;
  const [argument, ...rest] = ts.isCallExpression(value) ? value.arguments : [];
  if (!argument || rest.length > 0 || !ts.isObjectLiteralExpression(unwrapped(argument))) return undefined;
  return Object.assign(unwrapped(argument) as ts.ObjectLiteralExpression, {
    wrapper: (value as ts.CallExpression).expression,
  });
}

/** The node of one member of an object literal: its function, or the declaration a shorthand names. */
export function memberOf(
  module: CodeModule,
  declaration: ts.Node | undefined,
  member: string,
): ts.Node | undefined {
  for (const property of objectLiteralOf(declaration)?.properties ?? []) {
    if (
      !property.name ||
      (ts.isIdentifier(property.name) ? property.name.text : property.name.getText()) !== member
    )
      continue;
    return ts.isShorthandPropertyAssignment(property) ? module.declarations.get(member) : property;
  }
  return undefined;
}

/**
 * The names a function returns when each of its answers is a name (`() => (cond ? a : b)`): a call's
 * member is then that member of each of them. Undefined when some answer is anything else.
 */
export function returnedNames(declaration: ts.Node | undefined): ts.Identifier[] | undefined {
  const fn =
    declaration && ts.isVariableDeclaration(declaration) && declaration.initializer
      ? unwrapped(declaration.initializer)
      : declaration;
  if (
    !fn ||
    !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) || ts.isFunctionDeclaration(fn)) ||
    !fn.body
  )
    return undefined;
  const leaves = (expression: ts.Expression): ts.Identifier[] | undefined => {
    const value = unwrapped(expression);
    if (ts.isIdentifier(value)) return [value];
    if (!ts.isConditionalExpression(value)) return undefined;
    const [yes, no] = [leaves(value.whenTrue), leaves(value.whenFalse)];
    return yes && no ? [...yes, ...no] : undefined;
  };
  if (!ts.isBlock(fn.body)) return leaves(fn.body);
  const answers: ts.Expression[] = [];
  let plain = true;
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node)) {
      if (node.expression) answers.push(node.expression);
      else plain = false;
    }
    ts.forEachChild(node, visit);
  };
  fn.body.statements.forEach(visit);
  if (!plain || answers.length === 0) return undefined;
  const names = answers.map(leaves);
  return names.every((found) => found !== undefined) ? names.flat() : undefined;
}

/** The local declaration an export of `module` names, following `export … from`. */
export function exportedDeclaration(
  code: ReadonlyMap<string, CodeModule>,
  module: string,
  name: string,
): { module: string; name: string } | undefined {
  const target = code.get(module);
  const exported = target?.exports.get(name);
  if (!exported) {
    for (const star of target?.starExports ?? []) {
      const found = exportedDeclaration(code, star, name);
      if (found) return found;
    }
    return undefined;
  }
  if ('local' in exported) {
    const imported = target!.imports.get(exported.local);
    return imported
      ? exportedDeclaration(code, imported.module, imported.name)
      : { module, name: exported.local };
  }
  return exportedDeclaration(code, exported.module, exported.name);
}

/** Every name `module` exports, those of its `export * from` modules included. */
export function exportedNames(code: ReadonlyMap<string, CodeModule>, module: string): string[] {
  const target = code.get(module);
  if (!target) return [];
  return [...target.exports.keys(), ...target.starExports.flatMap((star) => exportedNames(code, star))];
}

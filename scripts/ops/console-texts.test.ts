/**
 * The console's texts carry no ASCII identifier (scripts/ops/operator-words.ts has the rule). The
 * texts are read from the sources without rendering them: every JSX text and every string (or part of
 * a template) of the console that holds Japanese or is a label, title or placeholder, and every
 * Japanese message of the operator API the console shows (the refusals of the services behind its
 * calls, their schemas and the error table).
 *
 * One exception: a message about a line of an imported file names the file's column as the
 * operator's own header spells it (the columns of docs/examples/*.csv), so those names may appear in
 * the import's messages, and nowhere else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../local-stack/paths';
import { asciiIdentifiers } from './operator-words';

const japanese = /[\u3040-\u30ff\u3400-\u9fff\uff01-\uff60]/;
/** JSX attributes an operator reads or hears. */
const spokenAttributes = new Set(['label', 'aria-label', 'title', 'placeholder', 'warning', 'alt']);

const filesUnder = (dir: string): string[] =>
  readdirSync(join(repositoryRoot, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );

/** The console's own sources, and the sources of what the operator API answers it in words. */
const consoleFiles = [...filesUnder('frontend/src/routes/ops'), ...filesUnder('frontend/src/features/ops')];
const apiFiles = [
  'functions/src/domain/game/operator-service.ts',
  'functions/src/domain/game/season-setup-service.ts',
  'functions/src/domain/prize/prize-setup-service.ts',
  'functions/src/domain/prize/prize-draw-service.ts',
  'functions/src/domain/prize/prize-scope.ts',
  'shared/src/game/correction.ts',
  'shared/src/game/ranking-impact.ts',
  'functions/src/domain/ops/action-preview.ts',
  'shared/src/schemas/ops.ts',
  'shared/src/errors.ts',
];
const importFile = 'functions/src/domain/game/import-service.ts';

interface Text {
  file: string;
  line: number;
  text: string;
}

/** Every text of a source an operator may read: JSX text, spoken attributes, Japanese strings. */
function textsOf(file: string): Text[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(repositoryRoot, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const texts: Text[] = [];
  const add = (node: ts.Node, text: string) =>
    texts.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) return;
    if (ts.isJsxText(node) && node.text.trim()) add(node, node.text.trim());
    else if (
      ts.isJsxAttribute(node) &&
      spokenAttributes.has(node.name.getText(source)) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer)
    )
      add(node, node.initializer.text);
    else if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)) &&
      japanese.test(node.text)
    )
      add(node, node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/** The columns operators write in the headers of their files (docs/examples/*.csv). */
const fileColumns = new Set(
  readdirSync(join(repositoryRoot, 'docs/examples'))
    .filter((name) => name.endsWith('.csv'))
    .flatMap((name) =>
      readFileSync(join(repositoryRoot, 'docs/examples', name), 'utf8')
        .split(/\r?\n/)[0]!
        .split(','),
    ),
);

const offenders = (texts: Text[], allowed?: ReadonlySet<string>) =>
  texts
    .map(({ file, line, text }) => ({
      at: `${relative('.', file)}:${line}`,
      text,
      words: asciiIdentifiers(text, { allowed }),
    }))
    .filter((found) => found.words.length > 0);

describe('the operator console speaks Japanese', () => {
  it('reads a text of every console screen and of the API messages it shows', () => {
    for (const screen of ['index', 'setup', 'results', 'rounds', 'prizes', 'content'])
      expect(consoleFiles).toContain(`frontend/src/routes/ops/${screen}.tsx`);
    const texts = [...consoleFiles, ...apiFiles, importFile].flatMap(textsOf);
    // The list is the console's: its buttons and the API's refusals are in it.
    expect(texts.map((t) => t.text)).toEqual(
      expect.arrayContaining(['取り込む', '大会を作る', '賞品を登録する']),
    );
    expect(texts.length).toBeGreaterThan(300);
  });

  it('finds an identifier where one is written', () => {
    expect(asciiIdentifiers('このまま確定する場合は force を指定してください。')).toEqual(['force']);
    expect(asciiIdentifiers('訂正は correct-result で行ってください。')).toEqual(['correct-result']);
    expect(asciiIdentifiers('teams_locked: 1')).toEqual(['teams_locked']);
    expect(asciiIdentifiers('123件、4567ms')).toEqual(['4567ms']);
    expect(asciiIdentifiers('CSV に書き出す・JSON・選手ID・AI・R1・72打・F')).toEqual([]);
    // On a screen, values and names are data: a tournament ID, a golfer's name.
    expect(asciiIdentifiers('大会ID walk-2026-01 ・ Liam Carter', { shown: true })).toEqual([]);
    expect(asciiIdentifiers('checks: 大会ID walk-2026-01', { shown: true })).toEqual(['checks']);
  });

  it('has no ASCII identifier in any text of the console or of the API messages it shows', () => {
    const found = [
      ...offenders([...consoleFiles, ...apiFiles].flatMap(textsOf)),
      ...offenders(textsOf(importFile), fileColumns),
    ];
    expect(found).toEqual([]);
  });
});

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ZodType } from 'zod';
import { routeAreas, routeList, type RouteArea, type RouteDefinition } from '../../shared/src/contracts';
import { repositoryRoot } from '../local-stack/paths';

/**
 * docs/api.md's endpoint tables, one per area of the route table, between the markers below. Every
 * column but `notes` is generated from the rows; the notes are prose kept by hand, by route name.
 */
const blockStart = (area: string) =>
  `<!-- route table: ${area} (npm run docs:api writes it from shared/src/routes/; edit the notes only) -->`;
const blockEnd = (area: string) => `<!-- end of route table: ${area} -->`;

/** Each exported schema of shared/src/schemas/, by the name a reader finds it under. */
async function schemaNames(): Promise<Map<unknown, string>> {
  const directory = join(repositoryRoot, 'shared/src/schemas');
  const names = new Map<unknown, string>();
  for (const file of readdirSync(directory).filter(
    (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
  )) {
    const module = (await import(join(directory, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module))
      if (name.endsWith('Schema') && !names.has(value)) names.set(value, name);
  }
  return names;
}

/** Splits a Markdown table row into its cells (a `\|` stays inside its cell). */
function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/** The notes kept in the current file, by route name. */
function currentNotes(markdown: string): Map<string, string> {
  const notes = new Map<string, string>();
  for (const line of markdown.split('\n')) {
    const cells = line.startsWith('| `') ? tableCells(line) : [];
    const name = /^`(\w+)`$/.exec(cells[0] ?? '')?.[1];
    if (name && cells.length === 7) notes.set(name, cells[6]!);
  }
  return notes;
}

function accessCell(route: RouteDefinition): string {
  const extras = [
    route.cacheSeconds !== undefined && `cached ${route.cacheSeconds} s`,
    route.localOnly && 'local only',
  ];
  return [route.access, ...extras.filter(Boolean)].join(', ');
}

export async function renderApiDocs(current: string): Promise<string> {
  const names = await schemaNames();
  const schemaCell = (schema: ZodType | undefined) =>
    schema === undefined ? '' : names.has(schema) ? `\`${names.get(schema)}\`` : 'inline';
  const notes = currentNotes(current);
  const rows = routeList();
  let markdown = current;
  for (const area of Object.keys(routeAreas) as RouteArea[]) {
    const lines = [
      blockStart(area),
      '',
      '| route | method | path | access | request | answer | notes |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...rows
        .filter((route) => route.area === area)
        .map((route) => {
          const request = (['params', 'query', 'body'] as const)
            .filter((part) => route[part])
            .map((part) => `${part} ${schemaCell(route[part])}`)
            .join(', ');
          return `| \`${route.name}\` | ${route.method} | \`${route.path}\` | ${accessCell(route)} | ${request} | ${schemaCell(route.response)} | ${notes.get(route.name) ?? ''} |`;
        }),
      '',
      blockEnd(area),
    ].join('\n');
    const start = markdown.indexOf(blockStart(area));
    const end = markdown.indexOf(blockEnd(area));
    markdown =
      start >= 0 && end > start
        ? markdown.slice(0, start) + lines + markdown.slice(end + blockEnd(area).length)
        : `${markdown.trimEnd()}\n\n${lines}\n`;
  }
  return markdown;
}

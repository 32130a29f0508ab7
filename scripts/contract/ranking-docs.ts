import { personalRankings } from '../../shared/src/game/personal-ranking';

/**
 * The tables of the personal ranking types, generated from their table
 * (shared/src/game/personal-ranking.ts) between the markers below: the players' table of
 * docs/game-rules.md (which the rules page shows), the developers' one under it, and the `type`
 * table of docs/api.md.
 */
const blockStart = (name: string) =>
  `<!-- personal ranking types: ${name} (npm run docs:api writes it from shared/src/game/personal-ranking.ts) -->`;
const blockEnd = (name: string) => `<!-- end of personal ranking types: ${name} -->`;

/** `markdown` with its block `name` written as `lines`; a block not there yet is refused. */
function withBlock(markdown: string, name: string, lines: string[]): string {
  const start = markdown.indexOf(blockStart(name));
  const end = markdown.indexOf(blockEnd(name));
  if (start < 0 || end < start) throw new Error(`no "${blockStart(name)}" block`);
  return (
    markdown.slice(0, start) +
    [blockStart(name), '', ...lines, '', blockEnd(name)].join('\n') +
    markdown.slice(end + blockEnd(name).length)
  );
}

const order = (row: (typeof personalRankings)[number]) =>
  row.order === 'lower' ? 'lower first' : 'higher first';

/** docs/game-rules.md: the players' table and the developers' one. */
export function renderRankingRules(markdown: string): string {
  const players = [
    '| 種類 | 内容 | 表示 |',
    '| --- | --- | --- |',
    ...personalRankings.map((row) => `| ${row.label} | ${row.description} | ${row.title} |`),
  ];
  const developers = [
    '| type | name | order | shown | reads |',
    '| --- | --- | --- | --- | --- |',
    ...personalRankings.map(
      (row) =>
        `| ${row.type} | ${row.label} | ${order(row)} | ${row.displayed} | ${row.reads.map((field) => `\`${field}\``).join(', ')} |`,
    ),
  ];
  return withBlock(withBlock(markdown, 'players', players), 'developers', developers);
}

/** docs/api.md: what each `type` of the personal ranking calls is. */
export function renderRankingApi(markdown: string): string {
  return withBlock(markdown, 'api', [
    '| `type` | ranking | `title` | order | `display_value` |',
    '| --- | --- | --- | --- | --- |',
    ...personalRankings.map(
      (row) => `| ${row.type} | ${row.label} | ${row.title} | ${order(row)} | ${row.displayed} |`,
    ),
  ]);
}

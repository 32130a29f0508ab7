import { readFileSync } from 'node:fs';
import { marked } from 'marked';
import type { Plugin } from 'vite';

export interface RulesSection {
  /** Anchor id, stable across builds: `rules-1`, `rules-2`, ... in document order. */
  id: string;
  title: string;
  html: string;
}

export interface RulesDocument {
  title: string;
  sections: RulesSection[];
}

/** Everything after this line of docs/game-rules.md is for developers and never reaches players. */
export const playersEndMarker = '<!-- players: end -->';

/**
 * Splits the players' part of the rules document at its `## ` headings and renders each section to
 * HTML. The document is ours and rendered at build time, so no Markdown parser ships to the browser.
 */
export function parseRulesDocument(markdown: string): RulesDocument {
  const end = markdown.indexOf(playersEndMarker);
  if (end < 0) throw new Error(`the rules document has no "${playersEndMarker}" line`);
  const players = markdown.slice(0, end);
  const title = /^# (.+)$/m.exec(players)?.[1]?.trim();
  if (!title) throw new Error('the rules document has no "# " title');
  const parts = players.split(/^## /m).slice(1);
  if (parts.length === 0) throw new Error('the rules document has no "## " section');
  const sections = parts.map((part, index) => {
    const newline = part.indexOf('\n');
    const heading = (newline < 0 ? part : part.slice(0, newline)).trim();
    const body = newline < 0 ? '' : part.slice(newline + 1).replace(/^---\s*$/gm, '');
    return { id: `rules-${index + 1}`, title: heading, html: marked.parse(body, { async: false }).trim() };
  });
  return { title, sections };
}

const virtualId = 'virtual:game-rules';
const resolvedId = `\0${virtualId}`;

/** `import rules from 'virtual:game-rules'` gives the RulesDocument of `file`. */
export function gameRulesPlugin(file: string): Plugin {
  return {
    name: 'game-rules',
    resolveId: (id) => (id === virtualId ? resolvedId : undefined),
    load(id) {
      if (id !== resolvedId) return undefined;
      this.addWatchFile(file);
      return `export default ${JSON.stringify(parseRulesDocument(readFileSync(file, 'utf8')))};`;
    },
  };
}

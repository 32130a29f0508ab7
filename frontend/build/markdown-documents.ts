import { readFileSync } from 'node:fs';
import { marked } from 'marked';
import type { Plugin } from 'vite';
import type { MarkdownDocument } from '../src/lib/markdown-document';

/** Everything after this line of docs/game-rules.md is for developers and never reaches players. */
export const playersEndMarker = '<!-- players: end -->';

export interface DocumentSource {
  file: string;
  /** Only the text before this line is published; the line must be there. */
  endMarker?: string;
}

const attribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * Each table in a box that scrolls sideways on a narrow screen: a region named after its section
 * (numbered when the section has several), in the tab order, so a keyboard can scroll it too.
 */
function scrollableTables(html: string, heading: string): string {
  const count = html.split('<table>').length - 1;
  let index = 0;
  return html
    .replaceAll('<table>', () => {
      index += 1;
      const label = `${heading}の表${count > 1 ? ` ${index}` : ''}`;
      return `<div class="document-table" role="region" aria-label="${attribute(label)}" tabindex="0"><table>`;
    })
    .replaceAll('</table>', '</table></div>');
}

/**
 * Splits a document at its `## ` headings and renders each section to HTML. The documents are ours
 * and rendered at build time, so no Markdown parser ships to the browser.
 */
export function parseMarkdownDocument(
  markdown: string,
  options: { idPrefix: string; endMarker?: string },
): MarkdownDocument {
  let published = markdown;
  if (options.endMarker !== undefined) {
    const end = markdown.indexOf(options.endMarker);
    if (end < 0) throw new Error(`the document has no "${options.endMarker}" line`);
    published = markdown.slice(0, end);
  }
  // Comments are for the document's editors (the markers of generated tables), not its readers.
  published = published.replace(/^<!--.*-->[ \t]*$/gm, '');
  const title = /^# (.+)$/m.exec(published)?.[1]?.trim();
  if (!title) throw new Error('the document has no "# " title');
  const parts = published.split(/^## /m).slice(1);
  if (parts.length === 0) throw new Error('the document has no "## " section');
  const sections = parts.map((part, index) => {
    const newline = part.indexOf('\n');
    const heading = (newline < 0 ? part : part.slice(0, newline)).trim();
    const body = newline < 0 ? '' : part.slice(newline + 1).replace(/^---\s*$/gm, '');
    return {
      id: `${options.idPrefix}-${index + 1}`,
      title: heading,
      html: scrollableTables(marked.parse(body, { async: false }).trim(), heading),
    };
  });
  return { title, sections };
}

const prefix = 'virtual:doc/';

/** `import faq from 'virtual:doc/faq'` gives the MarkdownDocument of `documents.faq`. */
export function markdownDocumentsPlugin(documents: Record<string, DocumentSource>): Plugin {
  return {
    name: 'markdown-documents',
    resolveId: (id) =>
      id.startsWith(prefix) && id.slice(prefix.length) in documents ? `\0${id}` : undefined,
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const name = id.slice(prefix.length + 1);
      const source = documents[name]!;
      this.addWatchFile(source.file);
      const document = parseMarkdownDocument(readFileSync(source.file, 'utf8'), {
        idPrefix: name,
        endMarker: source.endMarker,
      });
      return `export default ${JSON.stringify(document)};`;
    },
  };
}

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRulesDocument, playersEndMarker } from './rules-markdown';

describe('parseRulesDocument', () => {
  it('renders each players section and leaves the developers part out', () => {
    const document = parseRulesDocument(
      `# ルール\n\n## 遊び方\n\n- **4人**を選びます。\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n## 順位\n\n同じ順位です。\n\n---\n\n${playersEndMarker}\n\n## For developers\n\nsecret\n`,
    );
    expect(document.title).toBe('ルール');
    expect(document.sections.map((section) => [section.id, section.title])).toEqual([
      ['rules-1', '遊び方'],
      ['rules-2', '順位'],
    ]);
    expect(document.sections[0]!.html).toContain('<strong>4人</strong>');
    expect(document.sections[0]!.html).toContain('<table>');
    expect(document.sections[1]!.html).toBe('<p>同じ順位です。</p>');
    expect(JSON.stringify(document)).not.toContain('secret');
  });

  it('refuses a document without the end marker, so developer notes never leak by accident', () => {
    expect(() => parseRulesDocument('# ルール\n\n## 遊び方\n\ntext\n')).toThrow(playersEndMarker);
  });

  it("reads the project's own rules document", () => {
    const document = parseRulesDocument(
      readFileSync(new URL('../../docs/game-rules.md', import.meta.url), 'utf8'),
    );
    expect(document.sections.map((section) => section.title)).toContain('スコアの計算');
    expect(JSON.stringify(document)).not.toMatch(/For developers|scoring\.ts/);
  });
});

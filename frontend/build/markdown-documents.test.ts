import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { personalRankings } from '@golf/shared/game/personal-ranking';
import { PRIZE_CLAIM_DAYS } from '@golf/shared/schemas/prize';
import { parseMarkdownDocument, playersEndMarker } from './markdown-documents';

describe('parseMarkdownDocument', () => {
  it('renders each section and leaves out what follows the end marker', () => {
    const document = parseMarkdownDocument(
      `# ルール\n\n## 遊び方\n\n- **4人**を選びます。\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n## 順位\n\n同じ順位です。\n\n---\n\n${playersEndMarker}\n\n## For developers\n\nsecret\n`,
      { idPrefix: 'rules', endMarker: playersEndMarker },
    );
    expect(document.title).toBe('ルール');
    expect(document.sections.map((section) => [section.id, section.title])).toEqual([
      ['rules-1', '遊び方'],
      ['rules-2', '順位'],
    ]);
    expect(document.sections[0]!.html).toContain('<strong>4人</strong>');
    // A table scrolls sideways in a box a keyboard can reach, named after its section.
    expect(document.sections[0]!.html).toContain(
      '<div class="document-table" role="region" aria-label="遊び方の表" tabindex="0"><table>',
    );
    expect(document.sections[0]!.html).toContain('</table></div>');
    expect(document.sections[1]!.html).toBe('<p>同じ順位です。</p>');
    expect(JSON.stringify(document)).not.toContain('secret');
  });

  it('refuses a document without its end marker, so developer notes never leak by accident', () => {
    expect(() =>
      parseMarkdownDocument('# ルール\n\n## 遊び方\n\ntext\n', {
        idPrefix: 'rules',
        endMarker: playersEndMarker,
      }),
    ).toThrow(playersEndMarker);
  });

  it('refuses a document without a title or sections', () => {
    expect(() => parseMarkdownDocument('## 遊び方\n\ntext\n', { idPrefix: 'x' })).toThrow('title');
    expect(() => parseMarkdownDocument('# ルール\n\ntext\n', { idPrefix: 'x' })).toThrow('section');
  });

  it("reads the project's own rules document without its developers' part", () => {
    const document = parseMarkdownDocument(
      readFileSync(new URL('../../docs/game-rules.md', import.meta.url), 'utf8'),
      { idPrefix: 'rules', endMarker: playersEndMarker },
    );
    expect(document.sections.map((section) => section.title)).toContain('スコアの計算');
    expect(JSON.stringify(document)).not.toMatch(/For developers|scoring\.ts/);
  });

  it('shows players each personal ranking type of the table, without the generated table’s markers', () => {
    const document = parseMarkdownDocument(
      readFileSync(new URL('../../docs/game-rules.md', import.meta.url), 'utf8'),
      { idPrefix: 'rules', endMarker: playersEndMarker },
    );
    const rankings = document.sections.find((section) => section.title === '個人ランキング')!.html;
    for (const row of personalRankings)
      expect(rankings).toContain(`<td>${row.label}</td>\n<td>${row.description}</td>\n<td>${row.title}</td>`);
    expect(JSON.stringify(document)).not.toContain('<!--');
  });

  it('reads every page of frontend/content', () => {
    const directory = new URL('../content/', import.meta.url);
    const files = readdirSync(directory).filter((file) => file.endsWith('.md'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const document = parseMarkdownDocument(readFileSync(new URL(file, directory), 'utf8'), {
        idPrefix: 'x',
      });
      expect(document.sections.length, file).toBeGreaterThan(0);
    }
  });
});

describe('what the texts say about withdrawal and prizes', () => {
  const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
  const texts = {
    terms: read('../content/terms.md'),
    faq: read('../content/faq.md'),
    privacy: read('../content/privacy-policy.md'),
    withdrawal: read('../src/routes/withdrawal/index.tsx'),
  };

  it('says one thing: a withdrawn player’s records stay as 「退会したユーザー」', () => {
    for (const [name, text] of Object.entries(texts)) {
      expect(text, name).toContain('「退会したユーザー」として残ります');
      expect(text, name).not.toMatch(/ランキングの記録[^。]*削除|すべてのデータが削除/);
    }
  });

  it('gives the same claim period as the server', () => {
    expect(texts.faq).toContain(`当選から${PRIZE_CLAIM_DAYS}日以内`);
    expect(read('../../docs/game-rules.md')).toContain(`当選から${PRIZE_CLAIM_DAYS}日以内`);
  });
});

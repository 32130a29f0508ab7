import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { saveTournamentBodySchema } from './ops';
import { displayName, plainText } from './text';

const name = displayName(20);

describe('displayName', () => {
  it('stores the NFKC form: full-width letters and half-width kana become one form', () => {
    expect(name.parse('ＧＯＬＦ　ﾀﾛｳ')).toBe('GOLF タロウ');
    expect(name.parse('  山田 太郎  ')).toBe('山田 太郎');
  });

  it.each([
    ['only zero-width spaces', '\u200b\u200b\u200b'],
    ['a zero-width joiner inside', 'ab\u200dcd'],
    ['a right-to-left override', 'abc\u202egnp.exe'],
    ['a left-to-right isolate', '\u2066name\u2069'],
    ['a byte order mark inside', 'na\ufeffme'],
    ['a Hangul filler', '\u3164'],
    ['a variation selector', 'a\ufe0f'],
  ])('refuses %s', (_, value) => {
    expect(name.safeParse(value).success).toBe(false);
  });

  it('refuses any name that holds a format character, wherever it is', () => {
    const format = fc.constantFrom(
      '\u200b',
      '\u200c',
      '\u200e',
      '\u200f',
      '\u202a',
      '\u202e',
      '\u2060',
      '\u2067',
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), format, fc.string({ maxLength: 8 }), (before, mark, after) => {
        expect(name.safeParse(`${before}${mark}${after}`).success).toBe(false);
      }),
    );
  });

  it('accepts ordinary Japanese and Latin names', () => {
    for (const value of ['ゴルフ太郎', 'Tiger', 'チーム・ｲｰｸﾞﾙ', '⛳ゴルフ'])
      expect(name.safeParse(value).success, value).toBe(true);
  });
});

describe('plainText', () => {
  const line = plainText(100);
  const lines = plainText(100, { newlines: true });
  const controls: Array<[string, string]> = [
    ['CR', '\r'],
    ['LF', '\n'],
    ['CR LF', '\r\n'],
    ['TAB', '\t'],
    ['NUL', '\u0000'],
    ['ESC', '\u001b'],
    ['DEL', '\u007f'],
    ['NEL (C1)', '\u0085'],
    ['CSI (C1)', '\u009b'],
    ['the line separator', '\u2028'],
    ['the paragraph separator', '\u2029'],
  ];

  it('single-line text refuses control characters', () => {
    for (const [what, control] of controls) {
      const parsed = line.safeParse(`大会${control}Bcc: x@example.com`);
      expect(parsed.success, what).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('改行やタブなどの制御文字は使用できません。');
    }
    // A tournament's name and venue are single-line text: they reach mail subjects and exports.
    for (const field of ['tournament_name', 'venue'] as const)
      for (const [what, control] of controls) {
        const parsed = saveTournamentBodySchema.safeParse({ [field]: `大会${control}X` });
        expect(
          parsed.error?.issues.some((issue) => issue.path[0] === field && issue.message.includes('制御文字')),
          `${field} ${what}`,
        ).toBe(true);
      }
  });

  it('text of several lines keeps line breaks and tabs and refuses every other control character', () => {
    expect(lines.parse('一行目\r\n二行目\n\t三行目')).toBe('一行目\r\n二行目\n\t三行目');
    for (const [what, control] of controls.slice(4, 9))
      expect(lines.safeParse(`本文${control}本文`).success, what).toBe(false);
  });

  it('trims blanks and line breaks around a value, which then holds none', () => {
    expect(line.parse('  ゴルフ大会\r\n')).toBe('ゴルフ大会');
  });
});

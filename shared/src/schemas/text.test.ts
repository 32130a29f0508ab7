import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayName } from './text';

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

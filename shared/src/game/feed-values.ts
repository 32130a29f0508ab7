/**
 * Values of a results feed as golf writes them (docs/game-rules.md, Feed values). Leaderboards and
 * scoring files write to-par as `E` (even), `+3`, `-2` or with the Unicode minus `−2`, mark strokes
 * with a trailing `*` (`72*`: a provisional or playoff-adjusted card), write `F` for a finished round
 * in the "thru" column, and leave `-` or an empty cell where there is no value yet. A missing value is
 * never 0. Each parser answers the number, `null` for "no value yet", or `undefined` when the text is
 * not a value of that kind at all (the import reports the line).
 */

/** Unicode minus, en dash, figure dash, fullwidth hyphen-minus, and fullwidth plus: feeds paste them. */
const MINUS = /[\u2212\u2013\u2012\uFF0D]/g;
const PLUS = /\uFF0B/g;
const NO_VALUE = new Set(['', '-', '--', '—', '―']);

function clean(value: unknown): string | number | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.normalize('NFKC').trim();
  return NO_VALUE.has(text) ? null : text;
}

/** `E` -> 0, `+3` -> 3, `-2` / `−2` -> -2, `3` -> 3; `-` or empty -> null. */
export function parseToPar(value: unknown): number | null | undefined {
  const text = clean(value);
  if (text === null || text === undefined || typeof text === 'number') return text;
  const normalised = text.replace(MINUS, '-').replace(PLUS, '+').replace(/\s+/g, '');
  if (/^e(ven)?$/i.test(normalised)) return 0;
  if (!/^[+-]?\d{1,3}$/.test(normalised)) return undefined;
  const parsed = Number(normalised);
  return Object.is(parsed, -0) ? 0 : parsed;
}

/** `72` or `72*` -> 72; `-` or empty -> null. Strokes of a round are a positive whole number. */
export function parseStrokes(value: unknown): number | null | undefined {
  const text = clean(value);
  if (text === null || text === undefined) return text;
  if (typeof text === 'number') return text > 0 ? text : undefined;
  const match = /^(\d{1,3})\*?$/.exec(text);
  if (!match) return undefined;
  const parsed = Number(match[1]);
  return parsed > 0 ? parsed : undefined;
}

/** Holes completed: `F` (finished) -> 18, `9` -> 9, `-` or empty -> 0 (not started). */
export function parseThru(value: unknown): number | undefined {
  const text = clean(value);
  if (text === null) return 0;
  if (text === undefined) return undefined;
  if (typeof text === 'number') return text;
  if (/^f$/i.test(text)) return 18;
  const match = /^(\d{1,2})\*?$/.exec(text);
  return match ? Number(match[1]) : undefined;
}

import * as z from 'zod';

// oxlint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// oxlint-disable-next-line no-control-regex
const controlCharactersWithNewlines = /[\u0000-\u001f\u007f]/;

/** Free text typed by a person: trimmed, bounded, no control characters (newlines only where allowed). */
export const plainText = (max: number, options: { min?: number; newlines?: boolean } = {}) =>
  z
    .string()
    .trim()
    .min(options.min ?? 1)
    .max(max)
    .refine((value) => !(options.newlines ? controlCharacters : controlCharactersWithNewlines).test(value), {
      message: '使用できない文字が含まれています。',
    });

/**
 * An instant a request carries (`2026-07-01T06:00:00+09:00`): ISO 8601 with an offset, at most 40
 * characters (an unbounded fraction of a second is refused before anything reads it).
 */
export const isoInstant = () => z.iso.datetime({ offset: true }).max(40);

/** A value of one master list (`{ value, name }` options), sent as a string or a number. */
export const masterValue = (options: ReadonlyArray<{ value: string }>, message: string) =>
  z
    .union([z.string().max(64, { message }), z.number()])
    .transform((value) => String(value).trim())
    .refine((value) => options.some((option) => option.value === value), { message });

/**
 * Characters that show nothing or turn the text around: format characters (Unicode Cf: zero-width
 * spaces and joiners, bidi embeddings, overrides and isolates, the BOM, soft hyphens), the combining
 * grapheme joiner, variation selectors and the blank letters (Hangul fillers, the braille blank).
 */
const invisibleOrDirectional =
  /\p{Cf}|\p{Variation_Selector}|[\u115f\u2800\u3164\uffa0]|\u1160|\u17b4|\u17b5|\u034f|\u180b|\u180c|\u180d|\u180f/u;

/**
 * A name other players read (nickname, guild name): NFKC-normalised first, so full-width letters and
 * half-width kana are stored as one form, then checked as plain text, and refused when it holds a
 * character that is invisible or changes the direction of the text.
 */
export const displayName = (max: number) =>
  z
    .string()
    .transform((value) => value.normalize('NFKC'))
    .pipe(plainText(max))
    .refine((value) => !invisibleOrDirectional.test(value), {
      message: '見えない文字や文字の向きを変える文字は使用できません。',
    });

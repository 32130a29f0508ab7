import * as z from 'zod';

/**
 * Characters that are not text: the C0 controls (CR, LF and TAB among them), DEL, the C1 controls,
 * and the Unicode line and paragraph separators. A one-line value holding one could start a new line
 * wherever it is written out (a mail's Subject, a CSV row, a log line).
 */
// oxlint-disable-next-line no-control-regex
export const singleLineRefused = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** In text of several lines, the same but the line breaks (LF, CR) and TAB, which pasted text carries. */
// oxlint-disable-next-line no-control-regex
const multiLineRefused = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * Free text typed by a person: trimmed, bounded, without control characters. One line unless
 * `newlines` (a chat message, a contact or topic body), which keeps line breaks and tabs only.
 */
export const plainText = (max: number, options: { min?: number; newlines?: boolean } = {}) =>
  z
    .string()
    .trim()
    .min(options.min ?? 1)
    .max(max)
    .refine((value) => !(options.newlines ? multiLineRefused : singleLineRefused).test(value), {
      message: options.newlines
        ? '改行とタブ以外の制御文字は使用できません。'
        : '改行やタブなどの制御文字は使用できません。',
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

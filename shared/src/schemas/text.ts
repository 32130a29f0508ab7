import { z } from 'zod';

// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
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

/** A value of one master list (`{ value, name }` options), sent as a string or a number. */
export const masterValue = (options: ReadonlyArray<{ value: string }>, message: string) =>
  z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .refine((value) => options.some((option) => option.value === value), { message });

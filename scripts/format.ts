import { readFileSync } from 'node:fs';
import { format, type FormatConfig } from 'oxfmt';

/**
 * `text` formatted as `npm run format` writes the file at `path` (the repository's `.oxfmtrc.json`,
 * the language from the file's name), so a file a script generates passes `oxfmt --check`. A text
 * the formatter cannot parse throws with its errors.
 */
export async function formatted(path: string, text: string): Promise<string> {
  const {
    $schema: _schema,
    ignorePatterns: _ignored,
    ...options
  } = JSON.parse(readFileSync(new URL('../.oxfmtrc.json', import.meta.url), 'utf8')) as FormatConfig & {
    $schema?: string;
    ignorePatterns?: string[];
  };
  const result = await format(path, text, options);
  if (result.errors.length) {
    throw new Error(`${path}: ${result.errors.map((error) => error.message).join('; ')}`);
  }
  return result.code;
}

/** `decodeURIComponent(text)`, or null when the text holds a malformed escape. */
export function decodedOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * Whether a path, or a query string's names and values, can be decoded: a malformed escape (`%ZZ`,
 * a cut UTF-8 sequence such as `%E0%A4%A`) is refused with 400 before any route is looked up. A module
 * of its own, so that a handler's bundle checks it without carrying the route table.
 */
export const isWellEscaped = (text: string): boolean => decodedOrNull(text) !== null;

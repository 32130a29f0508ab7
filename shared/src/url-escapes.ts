/**
 * Whether a path, or a query string's names and values, can be decoded: a malformed escape (`%ZZ`,
 * a cut UTF-8 sequence such as `%E0%A4%A`) is refused with 400 before any route is looked up. A module
 * of its own, so that a handler's bundle checks it without carrying the route table.
 */
export function isWellEscaped(text: string): boolean {
  try {
    decodeURIComponent(text.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}

/**
 * CSV for operators, who open it in a spreadsheet: UTF-8 with a byte-order mark (so Japanese shows
 * correctly), CRLF line ends, every cell quoted, and cells that a spreadsheet would run as a formula
 * (starting with = + - @ or a tab) prefixed with an apostrophe.
 */
export function formatCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
): string {
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return `"${safe.replace(/"/g, '""')}"`;
  };
  return `\ufeff${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

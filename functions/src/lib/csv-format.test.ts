import { describe, expect, it } from 'vitest';
import { formatCsv } from './csv-format';

describe('formatCsv', () => {
  it('quotes every cell, doubles quotes, keeps newlines inside cells, and starts with a BOM', () => {
    expect(
      formatCsv(
        ['a', 'b'],
        [
          ['He said "hi"', 'line 1\nline 2'],
          [1, null],
        ],
      ),
    ).toBe('\ufeff"a","b"\r\n"He said ""hi""","line 1\nline 2"\r\n"1",""\r\n');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(formatCsv(['x'], [['=HYPERLINK("http://x")'], ['+1'], ['-2'], ['@SUM(A1)'], ['ok']])).toBe(
      '\ufeff"x"\r\n"\'=HYPERLINK(""http://x"")"\r\n"\'+1"\r\n"\'-2"\r\n"\'@SUM(A1)"\r\n"ok"\r\n',
    );
  });
});

/** A small RFC 4180 reader: quoted fields, doubled quotes, CRLF or LF. Rows keep their line numbers. */
export interface CsvRow {
  line: number;
  values: Record<string, string>;
}

export function parseCsv(text: string): { header: string[]; rows: CsvRow[] } {
  const records: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      fields.push(field);
      if (fields.some((f) => f.trim() !== '')) records.push({ line: recordLine, fields });
      fields = [];
      field = '';
      line++;
      recordLine = line;
    } else field += c;
  }
  fields.push(field);
  if (fields.some((f) => f.trim() !== '')) records.push({ line: recordLine, fields });
  const [head, ...body] = records;
  const header = (head?.fields ?? []).map((h) => h.trim());
  return {
    header,
    rows: body.map((record) => ({
      line: record.line,
      values: Object.fromEntries(header.map((name, i) => [name, (record.fields[i] ?? '').trim()])),
    })),
  };
}

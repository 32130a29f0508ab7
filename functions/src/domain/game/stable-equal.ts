/** Deep equality for stored records, independent of attribute order (DynamoDB keeps none). */
export function stableEqual(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** A record as JSON with its keys in order (undefined values left out): equal records, equal texts. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

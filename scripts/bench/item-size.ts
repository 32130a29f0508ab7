/**
 * DynamoDB item size and write units, following AWS's rules ("DynamoDB item sizes and formats"):
 * attribute names and strings count their UTF-8 bytes, a number about 1 byte per two significant
 * digits plus 1 (exactly: see numberSize), binary its bytes, null and booleans 1 byte, a list or map 3 bytes plus 1 byte per element plus its elements (a set as a list)
 * (a map's keys count as attribute names). Undefined attributes are dropped, as the document client
 * is configured to do. A standard write costs one unit per started KB of the item.
 */
const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * A number is stored as base-100 digit pairs aligned on the decimal point (leading and trailing zero
 * pairs dropped) plus 1 byte, and 1 more when negative; zero takes 1 byte. So 45 and 0.5 take 2
 * bytes, 4.5 and 0.045 take 3. This matches the capacity DynamoDB Local reports.
 */
function numberSize(value: number): number {
  if (value === 0) return 1;
  const [mantissa = '', exponent = '0'] = String(Math.abs(value)).split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  let digits = whole + fraction;
  let point = whole.length + Number(exponent);
  const leading = digits.length - digits.replace(/^0+/, '').length;
  digits = digits.slice(leading).replace(/0+$/, '');
  point -= leading;
  const pairs = Math.ceil((digits.length + (Math.abs(point) % 2)) / 2);
  return pairs + 1 + (value < 0 ? 1 : 0);
}

function valueSize(value: unknown): number {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return utf8(value);
  if (typeof value === 'number') return numberSize(value);
  if (value instanceof Uint8Array) return value.byteLength;
  if (Array.isArray(value)) return value.reduce((sum: number, element) => sum + 1 + valueSize(element), 3);
  // AWS documents no overhead for a set: counted as a list, an upper bound.
  if (value instanceof Set) return valueSize([...value]);
  if (typeof value === 'object') return 3 + attributesSize(value as Record<string, unknown>, 1);
  throw new Error(`no DynamoDB size for ${typeof value}`);
}

function attributesSize(attributes: Record<string, unknown>, perElement: number): number {
  let size = 0;
  for (const [name, value] of Object.entries(attributes))
    if (value !== undefined) size += perElement + utf8(name) + valueSize(value);
  return size;
}

export const itemSizeBytes = (item: Record<string, unknown>) => attributesSize(item, 0);

export const writeUnits = (item: Record<string, unknown>) => Math.ceil(itemSizeBytes(item) / 1024);

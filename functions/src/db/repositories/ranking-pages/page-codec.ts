/**
 * A ranking page's columns in a compact binary form. A million-player publish makes about 80,000
 * pages; as JSON they cost most of its CPU (the text of 7 million rows, then deflating twice as many
 * bytes). Here each user's id and nickname are encoded once per scope (`encodeUsers`) and a page
 * copies its rows' records, so a page is made in a few microseconds before deflate:
 *
 *   0xFE, the deflated part's byte length (varint), the deflated part: version, flags (1 = guild
 *   board, 2 = displays stored, 4 = values as floats), rows (varint); ranks: the first, then each
 *   difference (zigzag varints); values: zigzag varints when all are whole numbers, else 8-byte
 *   floats; each row's nickname (varint byte length + UTF-8); displays as texts; withdrawn rows:
 *   their count and positions. Then, not deflated, each row's user id: 0x01 and the 16 bytes of a
 *   lowercase UUID, or 0x10 + n and its last 16 - n bytes when its first n (1 to 15) are the
 *   previous UUID's. A page whose ids are not all UUIDs (guild boards: ULIDs) has version 2 and
 *   each id (0x01 and 16 bytes, or 0x00 and its text) inside the deflated part, before its nickname.
 *
 * User ids are random: deflate shrinks them only where rows tied on a value are in id order and
 * neighbours share their first bytes, and they were half of what it had to read. Out of it, and
 * with those shared bytes written once, a page deflates in about half the time to about the same size.
 *
 * 0xFE and 0xFF cannot open a raw deflate stream (block type 3 is reserved), so pages written before
 * are still read until they expire: 0xFF then the same fields deflated, each row's id before its
 * nickname, and before that deflated JSON.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';

/** A page's rows as columns. Boards whose display follows from the value alone leave it out. */
export interface PageColumns {
  rank: number[];
  user_id: string[];
  nickname: string[];
  value: number[];
  display_value?: string[];
  /** Positions of withdrawn users' rows. */
  withdrawn: number[];
  /** Guild boards: each row's guild id is its user_id. */
  guild?: true;
}

/** Ids inside the deflated part (written before), and ids after it as they are. */
const MARK = 0xff;
const SPLIT_MARK = 0xfe;
const VERSION = 1;
/** After 0xFE: the ids inside the deflated part, each before its row's other fields (ids not all UUIDs). */
const INLINE_IDS = 2;
const GUILD = 1;
const DISPLAYS = 2;
const FLOAT_VALUES = 4;
const TEXT_TAG = 0x00;
const UUID_TAG = 0x01;
/** 0x10 + n: a UUID whose first n bytes (1 to 15) are the previous one's, then its other bytes. */
const SHARED_TAG = 0x10;
/** Small window and hash (40 KB of zlib state instead of 384 KB) for items of a few KB. */
export const deflateOptions = { level: 1, windowBits: 13, memLevel: 4 } as const;

const decoder = new TextDecoder();
/** hex digit (lowercase) -> nibble, -1 for anything else */
const nibble = new Int8Array(128).fill(-1);
for (let d = 0; d < 16; d++) nibble['0123456789abcdef'.charCodeAt(d)] = d;
const hexByte = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
/** Where a UUID's text has its dashes. */
const isDash = (i: number) => i === 8 || i === 13 || i === 18 || i === 23;

/** A lowercase UUID's text (as `Writer.id` packs in 16 bytes), by its characters. */
function isUuid(value: string) {
  if (value.length !== 36) return false;
  for (let i = 0; i < 36; i++) {
    const code = value.charCodeAt(i);
    if (isDash(i) ? code !== 0x2d : code >= 128 || nibble[code]! < 0) return false;
  }
  return true;
}

/** UTF-8 bytes of a text (lone surrogates as U+FFFD, as TextEncoder writes them). */
function utf8Length(value: string) {
  let length = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x80) length += 1;
    else if (code < 0x800) length += 2;
    else if (code >= 0xd800 && code < 0xdc00 && isLowSurrogate(value.charCodeAt(i + 1))) {
      length += 4;
      i++;
    } else length += 3;
  }
  return length;
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code < 0xe000;

/** A whole number whose zigzag form (twice its size) stays exact in a double. */
const isSmallWhole = (value: number) => Number.isInteger(value) && Math.abs(value) < 2 ** 52;

class Writer {
  bytes: Uint8Array;
  length = 0;
  private view: DataView;

  /** An empty writer of `capacity` bytes, or one writing into `into` (which it must not outgrow). */
  constructor(capacity = 4096, into?: Uint8Array) {
    this.bytes = into ?? new Uint8Array(capacity);
    this.view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
  }

  reserve(count: number) {
    if (this.length + count <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + count));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }

  byte(value: number) {
    this.reserve(1);
    this.bytes[this.length++] = value;
  }

  /** A whole number from 0 to 2^53, 7 bits a byte. */
  varint(value: number) {
    this.reserve(8);
    while (value >= 0x80) {
      this.bytes[this.length++] = (value % 0x80) | 0x80;
      value = Math.floor(value / 0x80);
    }
    this.bytes[this.length++] = value;
  }

  /** A whole number of either sign: 0, -1, 1, -2, ... as 0, 1, 2, 3, ... */
  zigzag(value: number) {
    this.varint(value < 0 ? -2 * value - 1 : 2 * value);
  }

  float(value: number) {
    this.reserve(8);
    this.view.setFloat64(this.length, value, true);
    this.length += 8;
  }

  /** A text: its UTF-8 length, then its bytes (by hand: many times faster for short texts). */
  text(value: string) {
    const length = utf8Length(value);
    this.varint(length);
    this.reserve(length);
    const bytes = this.bytes;
    let at = this.length;
    for (let i = 0; i < value.length; i++) {
      let code = value.charCodeAt(i);
      if (code < 0x80) bytes[at++] = code;
      else if (code < 0x800) {
        bytes[at++] = 0xc0 | (code >> 6);
        bytes[at++] = 0x80 | (code & 0x3f);
      } else if (code >= 0xd800 && code < 0xdc00 && isLowSurrogate(value.charCodeAt(i + 1))) {
        code = 0x10000 + ((code - 0xd800) << 10) + (value.charCodeAt(++i) - 0xdc00);
        bytes[at++] = 0xf0 | (code >> 18);
        bytes[at++] = 0x80 | ((code >> 12) & 0x3f);
        bytes[at++] = 0x80 | ((code >> 6) & 0x3f);
        bytes[at++] = 0x80 | (code & 0x3f);
      } else {
        if (code >= 0xd800 && code < 0xe000) code = 0xfffd;
        bytes[at++] = 0xe0 | (code >> 12);
        bytes[at++] = 0x80 | ((code >> 6) & 0x3f);
        bytes[at++] = 0x80 | (code & 0x3f);
      }
    }
    this.length = at;
  }

  /** A user id: the 16 bytes of a lowercase UUID, else its text. */
  id(value: string) {
    if (!isUuid(value)) {
      this.byte(TEXT_TAG);
      this.text(value);
      return;
    }
    this.reserve(17);
    const bytes = this.bytes;
    let at = this.length;
    bytes[at++] = UUID_TAG;
    for (let i = 0; i < 36; i += 2) {
      if (isDash(i)) i++;
      bytes[at++] = (nibble[value.charCodeAt(i)]! << 4) | nibble[value.charCodeAt(i + 1)]!;
    }
    this.length = at;
  }

  /** Bytes copied from another buffer (a loop: a record is a few dozen bytes). */
  copy(source: Uint8Array, from: number, to: number) {
    this.reserve(to - from);
    const bytes = this.bytes;
    let at = this.length;
    for (let i = from; i < to; i++) bytes[at++] = source[i]!;
    this.length = at;
  }

  /** Empty again, keeping its buffer. */
  reset() {
    this.length = 0;
    return this;
  }
}

/**
 * A page's user ids, in the order of its rows. Rows tied on a value are in id order, so a UUID
 * often begins with the bytes of the one before it: it is written as their count (0x10 + count)
 * and the rest.
 */
class IdsWriter extends Writer {
  private readonly previous = new Uint8Array(16);
  private hasPrevious = false;
  private readonly single = new Writer(64);

  /** A user's encoded id (as `Writer.id` writes it) from `source[from..to]`. */
  encoded(source: Uint8Array, from: number, to: number) {
    if (source[from] !== UUID_TAG) {
      this.copy(source, from, to);
      return;
    }
    let shared = 0;
    if (this.hasPrevious) while (shared < 15 && source[from + 1 + shared] === this.previous[shared]) shared++;
    this.byte(shared === 0 ? UUID_TAG : SHARED_TAG + shared);
    this.copy(source, from + 1 + shared, from + 17);
    // By hand: a subarray per id would be 8 million short-lived views in a large publish.
    for (let i = shared; i < 16; i++) this.previous[i] = source[from + 1 + i]!;
    this.hasPrevious = true;
  }

  override id(value: string) {
    const single = this.single.reset();
    single.id(value);
    this.encoded(single.bytes, 0, single.length);
  }

  override reset() {
    this.hasPrevious = false;
    return super.reset();
  }
}

/** The buffers pages are made in before deflate copies them out (one page at a time). */
const scratch = new Writer(16_384);
const scratchIds = new IdsWriter(4_096);

class Reader {
  private readonly view: DataView;
  at = 0;
  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  byte() {
    if (this.at >= this.bytes.length) throw new Error('a ranking page ends early');
    return this.bytes[this.at++]!;
  }

  varint() {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.byte();
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  }

  zigzag() {
    const value = this.varint();
    return value % 2 === 1 ? -(value + 1) / 2 : value / 2;
  }

  float() {
    if (this.at + 8 > this.bytes.length) throw new Error('a ranking page ends early');
    const value = this.view.getFloat64(this.at, true);
    this.at += 8;
    return value;
  }

  text() {
    const length = this.varint();
    if (this.at + length > this.bytes.length) throw new Error('a ranking page ends early');
    const value = decoder.decode(this.bytes.subarray(this.at, this.at + length));
    this.at += length;
    return value;
  }

  /** The previous UUID's bytes, which the next may share its first bytes with. */
  private readonly previous = new Uint8Array(16);

  id() {
    const tag = this.byte();
    if (tag === TEXT_TAG) return this.text();
    const shared = tag === UUID_TAG ? 0 : tag - SHARED_TAG;
    if (shared < 0 || shared > 15) throw new Error('a ranking page holds an unknown id');
    if (this.at + 16 - shared > this.bytes.length) throw new Error('a ranking page ends early');
    this.previous.set(this.bytes.subarray(this.at, this.at + 16 - shared), shared);
    this.at += 16 - shared;
    let value = '';
    for (let i = 0; i < 16; i++) {
      if (i === 4 || i === 6 || i === 8 || i === 10) value += '-';
      value += hexByte[this.previous[i]!]!;
    }
    return value;
  }
}

/**
 * Each user's id and nickname encoded once, for the pages of a scope: user i's record is
 * `bytes[start[i]..start[i + 1]]`.
 */
export interface EncodedUsers {
  bytes: Uint8Array;
  start: Uint32Array;
}

/** The bytes `Writer.id` takes for a user id: 17 for a lowercase UUID, else a tag and its text. */
function idLength(value: string) {
  if (isUuid(value)) return 17;
  const length = utf8Length(value);
  return 1 + varintLength(length) + length;
}

/** The bytes `Writer.varint` takes for a whole number. */
function varintLength(value: number) {
  let length = 1;
  for (; value >= 0x80; length++) value = Math.floor(value / 0x80);
  return length;
}

/** Users already encoded (another scope's of the same run), their ids in ascending order. */
export interface KnownUsers {
  userIds: readonly string[];
  users: EncodedUsers;
}

const NO_USERS: KnownUsers = { userIds: [], users: { bytes: new Uint8Array(0), start: new Uint32Array(1) } };

/**
 * Each user's id and nickname encoded once, in one buffer of their exact size: `allocate` gives it
 * (shared memory, for the packing workers; a plain array by default). A user found in `known` (both
 * id lists in ascending order, walked together) has its record copied from there, so its nickname
 * must be the one `nicknameOf` gives; an id out of order is encoded anew.
 */
export function encodeUsers(
  userIds: readonly string[],
  nicknameOf: (index: number) => string,
  allocate: (bytes: number) => Uint8Array = (bytes) => new Uint8Array(bytes),
  known?: KnownUsers,
): EncodedUsers {
  const n = userIds.length;
  const { userIds: knownIds, users: source } = known ?? NO_USERS;
  // Each user's index in `known`, or -1.
  const from = new Int32Array(n).fill(-1);
  for (let i = 0, k = 0; i < n && knownIds.length > 0; i++) {
    while (k < knownIds.length && knownIds[k]! < userIds[i]!) k++;
    if (knownIds[k] === userIds[i]) from[i] = k;
  }
  const nicknames = userIds.map((_, i) => (from[i]! < 0 ? nicknameOf(i) : ''));
  let size = 0;
  for (let i = 0; i < n; i++) {
    const k = from[i]!;
    if (k >= 0) size += source.start[k + 1]! - source.start[k]!;
    else {
      const length = utf8Length(nicknames[i]!);
      size += idLength(userIds[i]!) + varintLength(length) + length;
    }
  }
  // 8 bytes more: a varint reserves 8 before it writes.
  const buffer = allocate(size + 8);
  const writer = new Writer(0, buffer);
  const start = new Uint32Array(n + 1);
  for (let i = 0; i < n; i++) {
    start[i] = writer.length;
    const k = from[i]!;
    if (k >= 0) writer.copy(source.bytes, source.start[k]!, source.start[k + 1]!);
    else {
      writer.id(userIds[i]!);
      writer.text(nicknames[i]!);
    }
  }
  start[n] = writer.length;
  if (writer.length !== size || writer.bytes !== buffer) throw new Error('encodeUsers: sized wrongly');
  return { bytes: buffer.subarray(0, size), start };
}

/** The rows of a page by user index into an `EncodedUsers` (the recompute's personal boards). */
export interface IndexedPage {
  users: EncodedUsers;
  /** Row r is user `order[r]`, ranked `rank[r]`, with `value[r]`. */
  order: ArrayLike<number>;
  rank: ArrayLike<number>;
  value: ArrayLike<number>;
  withdrawn: readonly number[];
}

function header(writer: Writer, rows: number, values: ArrayLike<number>, flags: number, inline: boolean) {
  let whole = true;
  for (let i = 0; i < rows && whole; i++) whole = isSmallWhole(values[i]!);
  writer.byte(inline ? INLINE_IDS : VERSION);
  writer.byte(flags | (whole ? 0 : FLOAT_VALUES));
  writer.varint(rows);
  return whole;
}

function numbers(
  writer: Writer,
  rows: number,
  rank: ArrayLike<number>,
  values: ArrayLike<number>,
  whole: boolean,
) {
  let previous = 0;
  for (let i = 0; i < rows; i++) {
    writer.zigzag(rank[i]! - previous);
    previous = rank[i]!;
  }
  for (let i = 0; i < rows; i++) {
    if (whole) writer.zigzag(values[i]!);
    else writer.float(values[i]!);
  }
}

/**
 * As stored: 0xFE, the deflated part's length, the writer's bytes deflated, then the ids as they are
 * (none when they were written inside).
 */
function seal(writer: Writer, ids: Writer | null) {
  const deflated = deflateRawSync(writer.bytes.subarray(0, writer.length), deflateOptions);
  const idsLength = ids?.length ?? 0;
  const head = new Writer(8);
  head.byte(SPLIT_MARK);
  head.varint(deflated.length);
  const packed = new Uint8Array(head.length + deflated.length + idsLength);
  packed.set(head.bytes.subarray(0, head.length), 0);
  packed.set(deflated, head.length);
  if (ids) packed.set(ids.bytes.subarray(0, idsLength), head.length + deflated.length);
  return packed;
}

const sealed = (writer: Writer, ids: Writer | null, withdrawn: readonly number[]) => {
  writer.varint(withdrawn.length);
  for (const position of withdrawn) writer.varint(position);
  return seal(writer, ids);
};

/**
 * Where a page's ids go: after the deflated part when all are UUIDs (random bytes deflate cannot
 * shrink), else inside it (texts such as guilds' ULIDs, which deflate shrinks well).
 */
const idsAfter = (allUuids: boolean) => (allUuids ? scratchIds.reset() : null);

/** A stored page from its columns. */
export function packPage(columns: PageColumns): Uint8Array {
  const rows = columns.rank.length;
  const writer = scratch.reset();
  const ids = idsAfter(columns.user_id.every(isUuid));
  const flags = (columns.guild ? GUILD : 0) | (columns.display_value ? DISPLAYS : 0);
  const whole = header(writer, rows, columns.value, flags, ids === null);
  numbers(writer, rows, columns.rank, columns.value, whole);
  for (let i = 0; i < rows; i++) {
    (ids ?? writer).id(columns.user_id[i]!);
    writer.text(columns.nickname[i]!);
  }
  if (columns.display_value) for (const display of columns.display_value) writer.text(display);
  return sealed(writer, ids, columns.withdrawn);
}

/** Whether every one of these users' encoded ids is a UUID. */
function allUuids({ bytes, start }: EncodedUsers, members: ArrayLike<number>) {
  for (let i = 0; i < members.length; i++) if (bytes[start[members[i]!]!] !== UUID_TAG) return false;
  return true;
}

/** A stored page of users by index, copying each row's pre-encoded id and nickname. */
export function packIndexedPage(page: IndexedPage): Uint8Array {
  const rows = page.order.length;
  const { users } = page;
  const writer = scratch.reset();
  const ids = idsAfter(allUuids(users, page.order));
  const whole = header(writer, rows, page.value, 0, ids === null);
  numbers(writer, rows, page.rank, page.value, whole);
  for (let i = 0; i < rows; i++) {
    const user = page.order[i]!;
    const split = idEnd(users, user);
    if (ids) ids.encoded(users.bytes, users.start[user]!, split);
    else writer.copy(users.bytes, users.start[user]!, split);
    writer.copy(users.bytes, split, users.start[user + 1]!);
  }
  return sealed(writer, ids, page.withdrawn);
}

/** Whether a stored page is in this form (either mark; else it is deflated JSON, written before). */
export const isBinaryPage = (bytes: Uint8Array) => bytes[0] === SPLIT_MARK || bytes[0] === MARK;

/**
 * A stored page or bucket opened, its version read: `reader` on its deflated part and `ids` on its
 * user ids (the same reader when they are inside, each read in turn with the fields around it).
 */
function open(bytes: Uint8Array): { reader: Reader; ids: Reader } {
  let reader: Reader;
  let after: Uint8Array | null = null;
  if (bytes[0] === MARK) reader = new Reader(inflateRawSync(bytes.subarray(1)));
  else {
    const head = new Reader(bytes);
    head.byte();
    const length = head.varint();
    if (head.at + length > bytes.length) throw new Error('a ranking page ends early');
    reader = new Reader(inflateRawSync(bytes.subarray(head.at, head.at + length)));
    after = bytes.subarray(head.at + length);
  }
  const version = reader.byte();
  if (version === VERSION) return { reader, ids: after ? new Reader(after) : reader };
  if (version === INLINE_IDS && after) return { reader, ids: reader };
  throw new Error('a ranking page of an unknown version');
}

export function unpackPage(bytes: Uint8Array): PageColumns {
  if (!isBinaryPage(bytes)) throw new Error('not a binary ranking page');
  const { reader, ids } = open(bytes);
  const flags = reader.byte();
  const rows = reader.varint();
  const columns: PageColumns = { rank: [], user_id: [], nickname: [], value: [], withdrawn: [] };
  let rank = 0;
  for (let i = 0; i < rows; i++) columns.rank.push((rank += reader.zigzag()));
  for (let i = 0; i < rows; i++) columns.value.push(flags & FLOAT_VALUES ? reader.float() : reader.zigzag());
  for (let i = 0; i < rows; i++) {
    columns.user_id.push(ids.id());
    columns.nickname.push(reader.text());
  }
  if (flags & DISPLAYS) {
    columns.display_value = [];
    for (let i = 0; i < rows; i++) columns.display_value.push(reader.text());
  }
  const withdrawn = reader.varint();
  for (let i = 0; i < withdrawn; i++) columns.withdrawn.push(reader.varint());
  if (flags & GUILD) columns.guild = true;
  return columns;
}

/** A users' values bucket as stored: [user_id, ...one value per board (null = not ranked)]. */
export type ValuesEntry = [string, ...Array<number | null>];

const NULL_VALUE = 0;
const WHOLE_VALUE = 1;
const FLOAT_VALUE = 2;

function writeValue(writer: Writer, value: number | null) {
  if (value === null || Number.isNaN(value)) writer.byte(NULL_VALUE);
  else if (isSmallWhole(value)) {
    writer.byte(WHOLE_VALUE);
    writer.zigzag(value);
  } else {
    writer.byte(FLOAT_VALUE);
    writer.float(value);
  }
}

/** Where user `index`'s id ends in its record of `EncodedUsers` (the nickname follows it). */
function idEnd({ bytes, start }: EncodedUsers, index: number) {
  let at = start[index]!;
  if (bytes[at++] === UUID_TAG) return at + 16;
  let length = 0;
  let scale = 1;
  for (;;) {
    const byte = bytes[at++]!;
    length += (byte & 0x7f) * scale;
    if (byte < 0x80) break;
    scale *= 0x80;
  }
  return at + length;
}

/**
 * A stored values bucket from its entries. The same form as a page (0xFE, the deflated part's
 * length, the deflated part, the ids): deflated, version, users (varint), values per user (varint),
 * then per user each value (0 = none, 1 + zigzag varint for a whole number, 2 + 8-byte float); then
 * each user's id (or, when the ids are not all UUIDs, each user's id before its values, deflated).
 */
export function packValues(entries: ReadonlyArray<Readonly<ValuesEntry>>): Uint8Array {
  const writer = scratch.reset();
  const ids = idsAfter(entries.every(([userId]) => isUuid(userId)));
  const width = entries.length === 0 ? 0 : entries[0]!.length - 1;
  writer.byte(ids ? VERSION : INLINE_IDS);
  writer.varint(entries.length);
  writer.varint(width);
  for (const [userId, ...values] of entries) {
    (ids ?? writer).id(userId);
    for (let v = 0; v < width; v++) writeValue(writer, values[v] ?? null);
  }
  return seal(writer, ids);
}

/**
 * A stored values bucket of users by index: ids copied from `users`, member m's values read from
 * `values[m * width .. (m + 1) * width]` (NaN = not ranked on that board).
 */
export function packIndexedValues(
  users: EncodedUsers,
  members: ArrayLike<number>,
  values: ArrayLike<number>,
  width: number,
): Uint8Array {
  const writer = scratch.reset();
  const ids = idsAfter(allUuids(users, members));
  writer.byte(ids ? VERSION : INLINE_IDS);
  writer.varint(members.length);
  writer.varint(width);
  for (let m = 0; m < members.length; m++) {
    const user = members[m]!;
    if (ids) ids.encoded(users.bytes, users.start[user]!, idEnd(users, user));
    else writer.copy(users.bytes, users.start[user]!, idEnd(users, user));
    for (let v = 0; v < width; v++) writeValue(writer, values[m * width + v]!);
  }
  return seal(writer, ids);
}

export function unpackValues(bytes: Uint8Array): ValuesEntry[] {
  if (!isBinaryPage(bytes)) throw new Error('not a binary values bucket');
  const { reader, ids } = open(bytes);
  const count = reader.varint();
  const width = reader.varint();
  const entries: ValuesEntry[] = [];
  for (let e = 0; e < count; e++) {
    const entry: ValuesEntry = [ids.id()];
    for (let v = 0; v < width; v++) {
      const tag = reader.byte();
      entry.push(tag === NULL_VALUE ? null : tag === WHOLE_VALUE ? reader.zigzag() : reader.float());
    }
    entries.push(entry);
  }
  return entries;
}

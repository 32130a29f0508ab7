/**
 * Key heat: the capacity units recorded per partition key (capacity-recorder.ts), gathered per key
 * pattern, per save and per kind of save, and the throttle-free ceiling they allow, modelled from
 * DynamoDB's documented limits (nothing here is measured on AWS).
 */
import type { Access, KeyRole, KeyUnits } from './capacity-recorder';

/** DynamoDB's documented limits the model divides by. */
export const documentedLimits = {
  /** Per partition key and second. */
  partitionWcu: 1_000,
  partitionRcu: 3_000,
  /** A table's default on-demand throughput quota per second (raisable). */
  tableWcu: 40_000,
  tableRcu: 40_000,
} as const;

/** The rate the shares are given at: 1,000 saves a second in one round. */
export const referenceSavesPerSecond = 1_000;

/**
 * A key's pattern: each `#`-separated part that is one of the bench's own values (players, tokens,
 * guilds, the tournament) named by `names`, then any shard suffix, `#S{digits}` anywhere or a
 * trailing `#{digits}`, collapsed.
 */
export function keyPattern(key: string, names: ReadonlyMap<string, string>): string {
  return key
    .split('#')
    .map((part) => names.get(part) ?? part)
    .join('#')
    .replace(/#S\d+(?=#|$)/g, '#S{k}')
    .replace(/#\d+$/, '#{k}');
}

/** A key's place: its table (or the table's index) and its partition key. */
const placeOf = (units: Pick<KeyUnits, 'index' | 'pk'>) =>
  units.index ? `${units.index} ${units.pk}` : units.pk;

export interface CausedUnits extends KeyUnits {
  /** The save that caused them. */
  save: number;
}

export interface PatternRow {
  /** The key pattern, led by the index's name for an index's keys. */
  pattern: string;
  roles: KeyRole[];
  accesses: Access[];
  /** Distinct concrete keys seen. */
  keys: number;
  /** Saves that touched any of its keys. */
  saves: number;
  /** All its keys together: the units of the run, and per save of the run. */
  rcu: number;
  wcu: number;
  rcu_per_save: number;
  wcu_per_save: number;
  /** The key of the pattern closest to its limit, and its units per save of the run. */
  hottest: {
    key: string;
    rcu_per_save: number;
    wcu_per_save: number;
    /** Its units over the mean key's of the pattern (sharded patterns). */
    over_mean?: number;
  };
  /** The hottest key's share of the partition limit at 1,000 saves a second (modelled). */
  share_at_reference: { write: number; read: number };
  /** Saves a second per round before the hottest key reaches the partition limit (modelled). */
  ceiling_saves_per_s: { write: number | null; read: number | null };
}

const round = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;
const ceilingOf = (limit: number, perSave: number) => (perSave > 0 ? Math.floor(limit / perSave) : null);

interface KeyTotals {
  place: string;
  pattern: string;
  rcu: number;
  wcu: number;
  saves: Set<number>;
  roles: Set<KeyRole>;
  accesses: Set<Access>;
}

/** Units per key pattern, hottest first (the larger of its write and read share). */
export function patternRows(
  units: readonly CausedUnits[],
  saves: number,
  names: ReadonlyMap<string, string>,
) {
  const byKey = new Map<string, KeyTotals>();
  for (const unit of units) {
    const place = placeOf(unit);
    let totals = byKey.get(place);
    if (!totals) {
      const pattern = placeOf({ ...unit, pk: keyPattern(unit.pk, names) });
      totals = { place, pattern, rcu: 0, wcu: 0, saves: new Set(), roles: new Set(), accesses: new Set() };
      byKey.set(place, totals);
    }
    totals.rcu += unit.rcu;
    totals.wcu += unit.wcu;
    totals.saves.add(unit.save);
    if (unit.role) totals.roles.add(unit.role);
    totals.accesses.add(unit.access);
  }
  const byPattern = new Map<string, KeyTotals[]>();
  for (const totals of byKey.values()) {
    const list = byPattern.get(totals.pattern);
    if (list) list.push(totals);
    else byPattern.set(totals.pattern, [totals]);
  }
  const share = (totals: KeyTotals) => ({
    write: (totals.wcu / saves) * (referenceSavesPerSecond / documentedLimits.partitionWcu),
    read: (totals.rcu / saves) * (referenceSavesPerSecond / documentedLimits.partitionRcu),
  });
  const heat = (totals: KeyTotals) => Math.max(share(totals).write, share(totals).read);
  const rows = [...byPattern].map(([pattern, keys]): PatternRow => {
    const hottest = keys.reduce((a, b) => (heat(b) > heat(a) ? b : a));
    const rcu = keys.reduce((sum, k) => sum + k.rcu, 0);
    const wcu = keys.reduce((sum, k) => sum + k.wcu, 0);
    const meanHeat = keys.reduce((sum, k) => sum + heat(k), 0) / keys.length;
    const hottestShare = share(hottest);
    return {
      pattern,
      roles: [...new Set(keys.flatMap((k) => [...k.roles]))].sort(),
      accesses: [...new Set(keys.flatMap((k) => [...k.accesses]))].sort(),
      keys: keys.length,
      saves: new Set(keys.flatMap((k) => [...k.saves])).size,
      rcu,
      wcu,
      rcu_per_save: round(rcu / saves),
      wcu_per_save: round(wcu / saves),
      hottest: {
        key: hottest.place,
        rcu_per_save: round(hottest.rcu / saves),
        wcu_per_save: round(hottest.wcu / saves),
        ...(keys.length > 1 && pattern.includes('{k}') && meanHeat > 0
          ? { over_mean: round(heat(hottest) / meanHeat, 3) }
          : {}),
      },
      share_at_reference: { write: round(hottestShare.write), read: round(hottestShare.read) },
      ceiling_saves_per_s: {
        write: ceilingOf(documentedLimits.partitionWcu, hottest.wcu / saves),
        read: ceilingOf(documentedLimits.partitionRcu, hottest.rcu / saves),
      },
    };
  });
  return rows.sort(
    (a, b) =>
      Math.max(b.share_at_reference.write, b.share_at_reference.read) -
        Math.max(a.share_at_reference.write, a.share_at_reference.read) || a.pattern.localeCompare(b.pattern),
  );
}

/** The model's verdict over the rows and the run's totals. */
export function keyHeatModel(
  rows: readonly PatternRow[],
  totals: { rcu: number; wcu: number; indexRcu: number; indexWcu: number },
  saves: number,
  targetSavesPerSecond: number,
) {
  const hottestBy = (side: 'write' | 'read') =>
    rows.reduce<PatternRow | undefined>(
      (best, row) => (!best || row.share_at_reference[side] > best.share_at_reference[side] ? row : best),
      undefined,
    );
  const ceilings = rows.flatMap((row) => [row.ceiling_saves_per_s.write, row.ceiling_saves_per_s.read]);
  const ceiling = Math.min(...ceilings.filter((value): value is number => value !== null));
  const hottest = (side: 'write' | 'read') => {
    const row = hottestBy(side);
    return (
      row && { pattern: row.pattern, key: row.hottest.key, share_at_reference: row.share_at_reference[side] }
    );
  };
  const perSave = {
    wcu: round(totals.wcu / saves),
    rcu: round(totals.rcu / saves),
    index_wcu: round(totals.indexWcu / saves),
    index_rcu: round(totals.indexRcu / saves),
  };
  const tableCeiling = {
    write: ceilingOf(documentedLimits.tableWcu, totals.wcu / saves),
    read: ceilingOf(documentedLimits.tableRcu, totals.rcu / saves),
  };
  const maxShare = Math.max(
    0,
    ...rows.flatMap((row) => [row.share_at_reference.write, row.share_at_reference.read]),
  );
  return {
    hottest_write: hottest('write'),
    hottest_read: hottest('read'),
    /** Saves a second per round before the hottest key of either kind reaches its partition limit. */
    ceiling_saves_per_s: Number.isFinite(ceiling) ? ceiling : null,
    table: {
      units_per_save: perSave,
      quota_per_s: { wcu: documentedLimits.tableWcu, rcu: documentedLimits.tableRcu },
      saves_per_s_within_default_quota: tableCeiling,
      target_saves_per_s: targetSavesPerSecond,
      quota_needed_at_target_per_s: {
        wcu: Math.ceil(targetSavesPerSecond * (totals.wcu / saves)),
        rcu: Math.ceil(targetSavesPerSecond * (totals.rcu / saves)),
      },
    },
    targets: {
      [`ceiling_at_least_${targetSavesPerSecond}_saves_per_s`]:
        Number.isFinite(ceiling) && ceiling >= targetSavesPerSecond,
      no_key_above_5_percent_at_1000_saves_per_s: maxShare <= 0.05,
    },
  };
}

/**
 * The busiest of `bins` equally likely shards over its mean when `draws` saves each take one: the
 * median over `trials` (a multinomial draw, from a fixed seed so that runs agree).
 */
export function expectedHottestOverMean(draws: number, bins: number, trials = 200): number {
  let seed = 0x9e3779b9;
  const random = () => {
    // xorshift32
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  const counts = new Uint32Array(bins);
  const maxima: number[] = [];
  for (let trial = 0; trial < trials; trial++) {
    counts.fill(0);
    for (let i = 0; i < draws; i++) counts[Math.floor(random() * bins)]!++;
    maxima.push(Math.max(...counts));
  }
  maxima.sort((a, b) => a - b);
  return round(maxima[Math.floor(trials / 2)]! / (draws / bins), 3);
}

import { describe, expect, it } from 'vitest';
import { readUnitsOf, writeUnitsOf } from './capacity-recorder';
import { itemSizeBytes } from './item-size';
import { expectedHottestOverMean, keyHeatModel, keyPattern, patternRows, type CausedUnits } from './key-heat';

const names = new Map([
  ['2026-07', '{game}'],
  ['user-1', '{user}'],
  ['user-12', '{user}'],
]);

const write = (save: number, pk: string, wcu: number, role?: 'team' | 'gate'): CausedUnits => ({
  save,
  table: 'golf',
  pk,
  access: role === 'gate' ? 'check' : 'write',
  rcu: 0,
  wcu,
  ...(role ? { role } : {}),
  source: 'size rule',
});

describe('key patterns', () => {
  it('collapse any #S{digits} shard and a trailing #{digits}, and name the bench’s own values', () => {
    expect(keyPattern('TEAM#2026-07#R3#S17', names)).toBe('TEAM#{game}#R3#S{k}');
    expect(keyPattern('GATE#2026-07#R3#S5#X', names)).toBe('GATE#{game}#R3#S{k}#X');
    expect(keyPattern('ROUNDLOCK#2026-07#R3#2', names)).toBe('ROUNDLOCK#{game}#R3#{k}');
    expect(keyPattern('RECEIPTS_DUE#S63', names)).toBe('RECEIPTS_DUE#S{k}');
    // A value is named where it is a whole part of the key, never inside another.
    expect(keyPattern('USER#user-12', names)).toBe('USER#{user}');
    expect(keyPattern('RATE#save#user-123', names)).toBe('RATE#save#user-123');
    expect(keyPattern('TEAM#2026-07#R3', names)).toBe('TEAM#{game}#R3');
  });
});

describe('the key table', () => {
  // 4 saves: each writes its team shard (2 WCU) and checks a gate shard (2 WCU); one shared key gets 1.5 WCU each.
  const units = [0, 1, 2, 3].flatMap((save) => [
    write(save, `TEAM#2026-07#R3#S${save % 2}`, 2, 'team'),
    write(save, `GATE#2026-07#R3#S${save === 3 ? 0 : save}`, 2, 'gate'),
    write(save, 'RECEIPTS_DUE', 1.5),
  ]);
  const rows = patternRows(units, 4, names);

  it('has a row per pattern with its units per save and its hottest key, hottest first', () => {
    expect(rows.map((row) => row.pattern)).toEqual([
      'RECEIPTS_DUE',
      'GATE#{game}#R3#S{k}',
      'TEAM#{game}#R3#S{k}',
    ]);
    const gate = rows.find((row) => row.roles.includes('gate'))!;
    expect(gate).toMatchObject({ keys: 3, saves: 4, wcu: 8, wcu_per_save: 2, accesses: ['check'] });
    expect(gate.hottest).toMatchObject({ key: 'GATE#2026-07#R3#S0', wcu_per_save: 1 });
    // 4 WCU on S0 against a mean of 8/3 over its 3 shards.
    expect(gate.hottest.over_mean).toBe(1.5);
    expect(gate.share_at_reference.write).toBe(1);
    expect(gate.ceiling_saves_per_s).toEqual({ write: 1000, read: null });
    const shared = rows[0]!;
    expect(shared.hottest.over_mean).toBeUndefined();
    expect(shared.ceiling_saves_per_s.write).toBe(666);
  });

  it('adds up to the recorded units, and models the ceiling on the hottest key', () => {
    expect(rows.reduce((sum, row) => sum + row.wcu, 0)).toBe(22);
    const model = keyHeatModel(rows, { rcu: 0, wcu: 22, indexRcu: 0, indexWcu: 0 }, 4, 20_000);
    expect(model.ceiling_saves_per_s).toBe(666);
    expect(model.table.units_per_save.wcu).toBe(5.5);
    expect(model.table.saves_per_s_within_default_quota).toEqual({ write: 7272, read: null });
    expect(model.table.quota_needed_at_target_per_s.wcu).toBe(110_000);
    expect(model.targets).toEqual({
      ceiling_at_least_20000_saves_per_s: false,
      no_key_above_5_percent_at_1000_saves_per_s: false,
    });
  });
});

describe('the documented size rule', () => {
  it('rounds writes up per KB (twice in a transaction) and reads per 4 KB', () => {
    expect([writeUnitsOf(0), writeUnitsOf(1024), writeUnitsOf(1025), writeUnitsOf(10, true)]).toEqual([
      1, 1, 2, 2,
    ]);
    expect([
      readUnitsOf(100, 'eventual'),
      readUnitsOf(4097, 'strong'),
      readUnitsOf(10, 'transactional'),
    ]).toEqual([0.5, 2, 2]);
  });

  it('sizes a set by its elements alone', () => {
    expect(itemSizeBytes({ s: new Set(['ab', 'cde']) })).toBe(1 + 5);
    expect(itemSizeBytes({ n: new Set([1, 22, 333]) })).toBe(1 + 2 + 2 + 3);
  });
});

describe('the multinomial spread of hashed shards', () => {
  it('puts the busiest shard further above the mean the fewer saves there are', () => {
    const few = expectedHottestOverMean(640, 64);
    const many = expectedHottestOverMean(64_000, 64);
    expect(few).toBeGreaterThan(many);
    expect(many).toBeGreaterThan(1);
    expect(many).toBeLessThan(1.15);
  });
});

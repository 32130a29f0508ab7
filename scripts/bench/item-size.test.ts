import { describe, expect, it } from 'vitest';
import type { FieldEntryRecord, TournamentRecord } from '../../shared/src/schedule/tournament-record';
import { roundGateItems } from '../../functions/src/db/repositories/round-gate-repository';
import { itemSizeBytes } from './item-size';

describe('the size of a round gate item (docs/data-model.md)', () => {
  it('stays under 1 KB for round 3 of the largest field, its cut and withdrawals, with ids of the longest lengths', () => {
    // Ids as long as the feed allows (64 characters): a gate holds marks of fixed length instead.
    const id = (prefix: string, i: number) => `${prefix}${String(i)}`.padEnd(64, 'x');
    const record = {
      game_global_id: id('jgto-', 1),
      rounds: [1, 2, 3, 4].map((round) => ({ round, deadline_at: '2026-09-05T22:00:00.000Z' })),
    } as unknown as TournamentRecord;
    // A field of 156 where the best 60 make the cut: 96 out, 4 of them withdrawn or disqualified.
    const field = Array.from({ length: 156 }, (_, i) => ({
      game_global_id: record.game_global_id,
      player_id: id('player-', i),
      status: i < 60 ? 'active' : i < 152 ? 'cut' : i % 2 ? 'wd' : 'dq',
    })) as FieldEntryRecord[];
    const gates = roundGateItems(record, field).filter((item) => 'deadline_at' in item);
    const round3 = gates.find((item) => (item.PK as string).includes('#R3#'))!;
    expect((round3 as { ineligible?: Set<string> }).ineligible?.size).toBe(96);
    // 934 bytes with these lengths (a set counted as a list: an upper bound).
    expect(Math.max(...gates.map(itemSizeBytes))).toBeLessThan(1024);
  });
});

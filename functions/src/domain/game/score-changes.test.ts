import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '@golf/shared/schemas/game';
import type { TeamScoreRecord } from './team-scoring';
import type { TeamRecord } from '../../db/repositories/team-repository';
import { settlementChange } from './carry-over-service';
import { scoreChange } from './score-service';

const audit = (action: AuditRecord['action']): AuditRecord => ({
  id: '01AUDIT',
  action,
  game_global_id: 'g',
  round: 2,
  by: 'op',
  at: '2026-11-20T10:00:00.000Z',
  reason: '台風のため',
  before: null,
  after: null,
  note: 'note',
});

const score = (userId: string, overrides: Partial<TeamScoreRecord>): TeamScoreRecord => ({
  game_global_id: 'g',
  round: 2,
  user_id: userId,
  kind: 'scored',
  score: -3,
  provisional: true,
  player_ids: [],
  pick_scores: [],
  birdies: 0,
  eagles: 0,
  under_par_picks: 0,
  picks: [],
  last_saved_at: '2026-11-19T00:00:00.000Z',
  ...overrides,
});

describe('score change records', () => {
  it('record only the scores whose counted value moved, with the reason (none for a final mark)', () => {
    const before = new Map([
      ['a', score('a', {})],
      ['b', score('b', {})],
    ]);
    const changed = [score('a', { provisional: false }), score('b', { birdies: 4 }), score('c', {})];
    const scoreChanges = (action: AuditRecord['action'], scores: TeamScoreRecord[]) =>
      scores.flatMap((s) => scoreChange(audit(action), before.get(s.user_id), s) ?? []);
    const final = scoreChanges('mark_final', changed);
    expect(final.map((c) => [c.user_id, c.before?.provisional ?? null, c.after?.provisional])).toEqual([
      ['a', true, false],
      ['c', null, true],
    ]);
    expect(final[0]!.reason).toBeNull();
    const cancelled = scoreChanges('cancel_round', [
      score('a', { kind: 'cancelled', score: null, provisional: false }),
    ]);
    expect(cancelled[0]).toMatchObject({
      cause: 'cancel_round',
      reason: '台風のため',
      before: { score: -3 },
    });
  });

  it('name the AUTO players a settlement put on a team: the swapped slots, or the whole copied team', () => {
    const team = (picks: Array<[number, string, boolean]>): TeamRecord => ({
      game_global_id: 'g',
      round: 3,
      user_id: 'u',
      picks: picks.map(([slot, player_id, auto]) => ({ slot: slot as 1, player_id, auto })),
      source: 'manual',
      last_saved_at: 'x',
      version: 1,
    });
    const own = team([
      [1, 'p1', false],
      [2, 'wd', false],
    ]);
    const settled = team([
      [1, 'p1', false],
      [2, 'p9', true],
      [3, 'p7', true],
    ]);
    const deadline = '2026-11-21T00:00:00.000Z';
    expect(settlementChange(settled, own, false, deadline)).toMatchObject({
      cause: 'auto_replacement',
      at: deadline,
      replaced: [
        { slot: 2, from: 'wd', to: 'p9' },
        { slot: 3, from: null, to: 'p7' },
      ],
    });
    expect(settlementChange(settled, undefined, true, deadline).replaced.map((r) => r.from)).toEqual([
      null,
      null,
      null,
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { FieldEntryRecord } from '../schedule/tournament-record';
import { statusAsOf, statusForRound, withdrawalRound, withStatus, type StatusEntry } from './player-status';

const done = { strokes: 70, to_par: -2, birdies: 4, eagles: 0, bogeys: 2, thru: 18, completed: true };
const partial = { strokes: 40, to_par: 3, birdies: 0, eagles: 0, bogeys: 3, thru: 9, completed: false };
const entry = (
  rounds: FieldEntryRecord['rounds'],
  status: FieldEntryRecord['status'] = 'active',
): StatusEntry => ({
  status,
  rounds,
});
const deadline3 = '2026-11-21T22:30:00.000Z';

describe('player status over time', () => {
  it('a status takes effect in its round: earlier rounds are played as active', () => {
    const dq = withStatus(entry([done, done, done, null]), 'dq', 3, '2026-11-22T05:00:00.000Z');
    expect([1, 2, 3, 4].map((r) => statusForRound(dq, r as 1 | 2 | 3 | 4))).toEqual([
      'active',
      'active',
      'dq',
      'dq',
    ]);
  });

  it('the same status again changes nothing; a new one is logged after the old', () => {
    const cut = withStatus(entry([done, done, null, null]), 'cut', 2, '2026-11-21T10:00:00.000Z');
    expect(withStatus(cut, 'cut', 3, '2026-11-22T10:00:00.000Z')).toBe(cut);
    const dq = withStatus(cut, 'dq', 2, '2026-11-22T10:00:00.000Z');
    expect(dq.status_log?.map((c) => c.status)).toEqual(['cut', 'dq']);
  });

  it('4. eligibility at a deadline reads only the statuses recorded before it', () => {
    const withdrawn = withStatus(entry([done, done, null, null]), 'wd', 3, deadline3);
    expect(statusAsOf(withdrawn, deadline3, 3)).toBe('active');
    expect(statusAsOf(withdrawn, '2026-11-21T22:30:00.001Z', 3)).toBe('wd');
    const early = withStatus(entry([done, done, null, null]), 'wd', 3, '2026-11-21T12:00:00.000Z');
    expect(statusAsOf(early, deadline3, 3)).toBe('wd');
  });

  it('an entry stored without a log counts its status as known from the round after it stopped', () => {
    const legacyWd = entry([done, done, partial, null], 'wd');
    expect(statusForRound(legacyWd, 3)).toBe('wd');
    expect(statusAsOf(legacyWd, deadline3, 3)).toBe('active');
    expect(statusAsOf(legacyWd, deadline3, 4)).toBe('wd');
    const legacyCut = entry([done, done, null, null], 'cut');
    expect(statusAsOf(legacyCut, deadline3, 3)).toBe('cut');
    expect(statusAsOf(legacyCut, deadline3, 2)).toBe('active');
    // Its old status becomes the first logged change when a new one arrives.
    expect(withStatus(legacyCut, 'dq', 3, deadline3).status_log).toEqual([
      { status: 'cut', round: 3, at: new Date(0).toISOString() },
      { status: 'dq', round: 3, at: deadline3 },
    ]);
  });

  it('3. a withdrawal takes effect in the first round the player has not completed', () => {
    expect(withdrawalRound(entry([null, null, null, null]))).toBe(1);
    expect(withdrawalRound(entry([done, partial, null, null]))).toBe(2);
    expect(withdrawalRound(entry([done, done, null, null]))).toBe(3);
    expect(withdrawalRound(entry([done, done, done, done]))).toBeNull();
  });
});

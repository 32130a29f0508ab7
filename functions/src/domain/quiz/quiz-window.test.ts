import { describe, expect, it } from 'vitest';
import type { TournamentRecord } from '@golf/shared/schedule/tournament-record';
import { isQuizClosed, isQuizOpen, quizClosesAt } from './quiz-window';

const hour = 3_600_000;
const deadline = (round: number) => Date.parse('2026-08-06T06:30:00+09:00') + (round - 1) * 24 * hour;
const record: TournamentRecord = {
  game_global_id: 'g',
  season_id: 2026,
  tournament_name: 'テスト大会',
  venue: 'テストCC',
  start_on: '2026-08-06',
  end_on: '2026-08-09',
  cancelled: false,
  rounds: [1, 2, 3, 4].map((round) => ({
    round,
    play_on: new Date(deadline(round)).toISOString().slice(0, 10),
    deadline_at: new Date(deadline(round)).toISOString(),
    results: 'none',
    cancelled: false,
    deadline_note: null,
  })) as TournamentRecord['rounds'],
};
const at = (ms: number) => new Date(ms);

describe('a round’s quiz window', () => {
  it('is open while its round is open for picks and closes at the round’s deadline, round 4 too', () => {
    for (const round of [1, 2, 3, 4]) {
      const before = at(deadline(round) - 1);
      expect(isQuizOpen(record, round, before), `round ${round}`).toBe(true);
      expect(isQuizClosed(record, round, before)).toBe(false);
      const after = at(deadline(round));
      expect(isQuizOpen(record, round, after)).toBe(false);
      expect(isQuizClosed(record, round, after)).toBe(true);
      expect(quizClosesAt(record, round)).toBe(new Date(deadline(round)).toISOString());
    }
    // A later round's quiz is neither open nor closed before its turn.
    expect(isQuizOpen(record, 3, at(deadline(1) - hour))).toBe(false);
    expect(isQuizClosed(record, 3, at(deadline(1) - hour))).toBe(false);
  });

  it('closes when its round or the tournament is cancelled', () => {
    const now = at(deadline(2) - hour);
    const roundCancelled = {
      ...record,
      rounds: record.rounds.map((r) => (r.round === 2 ? { ...r, cancelled: true } : r)),
    } as TournamentRecord;
    expect(isQuizOpen(roundCancelled, 2, now)).toBe(false);
    expect(isQuizClosed(roundCancelled, 2, now)).toBe(true);
    const cancelled = { ...record, cancelled: true };
    expect(isQuizOpen(cancelled, 2, now)).toBe(false);
    expect(isQuizClosed(cancelled, 2, now)).toBe(true);
  });
});

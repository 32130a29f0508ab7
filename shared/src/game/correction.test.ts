import { describe, expect, it } from 'vitest';
import { correctResult, correctionNote, type CorrectableRow } from './correction';
import { roundResult } from './round-result.test-support';
import type { PlayerRoundResult } from './scoring';
import { indexRound, teamRoundScore } from './scoring';

const row = (player_id: string, to_par: number | null, status: PlayerRoundResult['status'] = 'active') =>
  roundResult(player_id, to_par, { round: 4, status });

describe('corrections after final', () => {
  const rows: PlayerRoundResult[] = [
    row('a', -2),
    row('b', 8),
    row('c', 1),
    row('d', null, 'wd'),
    row('e', 0),
  ];
  const meta = { by: 'operator-1', at: '2025-11-24T03:00:00Z', reason: 'スコア誤記の訂正' };

  it('recomputes from the corrected rows (the field worst and the penalty move) with an audit record', () => {
    const team = ['a', 'c', 'd', 'e'];
    expect(teamRoundScore(team, indexRound(rows, 'final'))).toMatchObject({ score: -2 + 1 + 9 + 0 });
    const { rows: corrected, audit } = correctResult(rows, row('b', 6), meta);
    expect(audit).toEqual({ ...meta, before: rows[1], after: row('b', 6) });
    expect(indexRound(corrected, 'final').penalty).toBe(7);
    expect(teamRoundScore(team, indexRound(corrected, 'final'))).toMatchObject({ score: -2 + 1 + 7 + 0 });
    expect(rows[1]).toEqual(row('b', 8));
  });

  it('needs an operator and a reason, and one round', () => {
    expect(() => correctResult(rows, row('b', 6), { ...meta, reason: ' ' })).toThrow(RangeError);
    expect(() => correctResult(rows, row('b', 6), { ...meta, by: '' })).toThrow(RangeError);
    expect(() => correctResult(rows, { ...row('b', 6), round: 3 }, meta)).toThrow(RangeError);
  });

  it('adds a row for a player who had none, and builds the note shown with the results', () => {
    const { rows: corrected, audit } = correctResult(rows, row('f', 3), meta);
    expect(corrected).toHaveLength(6);
    expect(audit.before).toBeNull();
    expect(audit.after).toEqual(row('f', 3));
  });

  it("player-facing round notes name the golfer and what changed, in players' words", () => {
    const at = meta.at;
    const note = (changed: Array<keyof CorrectableRow>, status: CorrectableRow['status'] = 'active') =>
      correctionNote({ at, name: '山田 太郎', changed, after: { status } });
    expect(note(['birdies'])).toBe('11/24(月) 12:00 山田 太郎選手のバーディー数を訂正しました');
    expect(note(['strokes', 'to_par'])).toBe('11/24(月) 12:00 山田 太郎選手の打数・スコアを訂正しました');
    expect(note(['status'], 'dq')).toBe('11/24(月) 12:00 山田 太郎選手を失格に訂正しました');
    expect(note(['status', 'thru'], 'wd')).toBe(
      '11/24(月) 12:00 山田 太郎選手の終えたホール数を訂正しました（状態は棄権）',
    );
    // The operators' reason is theirs: it is kept in the audit log, never in the players' note.
    expect(note(['birdies'])).not.toMatch(/（.*（/);
  });
});

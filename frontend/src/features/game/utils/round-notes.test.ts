import { describe, expect, it } from 'vitest';
import { roundNotes } from './round-notes';

describe('roundNotes', () => {
  it('shows a moved deadline once, however many places carry it', () => {
    const note = '締め切りを11月21日(土) 9:00に変更しました（霧のため）';
    expect(
      roundNotes({ round: { deadline_note: note } as never, notes: [note, '結果を訂正しました'] }),
    ).toEqual([note, '結果を訂正しました']);
    expect(roundNotes({ round: { deadline_note: null } as never, notes: [] })).toEqual([]);
  });
});

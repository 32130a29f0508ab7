import type { RoundView } from '@golf/shared/schemas/game';

/**
 * The round's notices, each once: a moved deadline's note is the round's `deadline_note` and also
 * an audit note, so the audit copy is left out.
 */
export function roundNotes(view: Pick<RoundView, 'round' | 'notes'>): string[] {
  const notes = [view.round.deadline_note, ...view.notes].filter((note): note is string => Boolean(note));
  return [...new Set(notes)];
}

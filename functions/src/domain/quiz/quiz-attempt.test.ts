import { describe, expect, it } from 'vitest';
import * as attempts from './quiz-attempt';
import type { QuizAttempt, QuizRecord } from '../../db/repositories/quiz-repository';

const quiz: QuizRecord = {
  game_global_id: 'g',
  round: 1,
  updated_at: '2026-11-20T00:00:00Z',
  questions: [1, 2, 3, 4, 5].map((n) => ({
    id: `q${n}`,
    question: `問題${n}`,
    choices: ['a', 'b', 'c', 'd'].map((c) => ({ id: `q${n}${c}`, text: c })),
    correct_choice_id: `q${n}a`,
    explanation: '解説',
  })),
};
const t0 = new Date('2026-11-20T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
let seed = 7;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

function answered(attempt: QuizAttempt, choiceId: string | null, when: Date) {
  const outcome = attempts.answer(attempt, attempt.questions[attempt.answers.length]!.id, choiceId, when);
  if (outcome.kind !== 'answered') throw new Error(outcome.kind);
  return outcome;
}

describe('quiz attempt', () => {
  it('shuffles questions and choices per attempt but keeps every question and choice', () => {
    const a = attempts.newAttempt(quiz, 'a1', t0, random);
    const b = attempts.newAttempt(quiz, 'a2', t0, random);
    expect(a.questions.map((q) => q.id).sort()).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
    for (const q of a.questions) expect(q.choices.map((c) => c.text).sort()).toEqual(['a', 'b', 'c', 'd']);
    const orders = [a, b].map((x) => x.questions.flatMap((q) => q.choices.map((c) => c.id)).join());
    expect(orders[0]).not.toBe(orders[1]);
  });

  it('draws 5 questions per attempt from the round’s pool, so attempts differ', () => {
    const pool: QuizRecord = {
      ...quiz,
      questions: Array.from({ length: 12 }, (_, i) => ({ ...quiz.questions[0]!, id: `p${i}` })),
    };
    const drawn = Array.from({ length: 8 }, (_, i) =>
      attempts.newAttempt(pool, `a${i}`, t0, random).questions.map((q) => q.id),
    );
    for (const ids of drawn) {
      expect(ids).toHaveLength(5);
      expect(new Set(ids).size).toBe(5);
    }
    expect(new Set(drawn.map((ids) => [...ids].sort().join())).size).toBeGreaterThan(1);
    expect(new Set(drawn.flat()).size).toBeGreaterThan(5);
  });

  it('names the choices anew in every attempt, the correct one following its text', () => {
    const a = attempts.newAttempt(quiz, 'a1', t0, random);
    const b = attempts.newAttempt(quiz, 'a2', t0, random);
    const stored = new Set(quiz.questions.flatMap((q) => q.choices.map((c) => c.id)));
    for (const attempt of [a, b])
      for (const q of attempt.questions) {
        const original = quiz.questions.find((o) => o.id === q.id)!;
        expect(q.choices.some((c) => stored.has(c.id))).toBe(false);
        expect(new Set(q.choices.map((c) => c.id)).size).toBe(4);
        const correctText = original.choices.find((c) => c.id === original.correct_choice_id)!.text;
        expect(q.choices.find((c) => c.id === q.correct_choice_id)!.text).toBe(correctText);
      }
    const idsOf = (x: typeof a) => new Set(x.questions.flatMap((q) => q.choices.map((c) => c.id)));
    const shared = [...idsOf(a)].filter((id) => idsOf(b).has(id));
    expect(shared).toEqual([]);
  });

  it('times a question from when it is first served; serving again keeps the first instant', () => {
    const served = attempts.serve(attempts.newAttempt(quiz, 'a', t0, random), t0);
    expect(attempts.serve(served, at(10_000)).served_at).toBe(t0.toISOString());
    expect(attempts.remainingMs(served, at(12_000))).toBe(18_000);
    expect(attempts.remainingMs(served, at(40_000))).toBe(0);
  });

  it('records correct, wrong and timed-out answers with their times, and finishes after the fifth', () => {
    let attempt = attempts.serve(attempts.newAttempt(quiz, 'a', t0, random), t0);
    const first = answered(attempt, attempt.questions[0]!.correct_choice_id, at(4_200));
    expect(first.answer).toMatchObject({ number: 1, is_correct: true, is_timeout: false, time_ms: 4_200 });
    attempt = attempts.serve(first.attempt, at(5_000));
    const wrong = attempt.questions[1]!.choices.find(
      (c) => c.id !== attempt.questions[1]!.correct_choice_id,
    )!;
    const second = answered(attempt, wrong.id, at(35_000));
    // 30 s and within the allowance: counted, capped at the limit.
    expect(second.answer).toMatchObject({ is_correct: false, is_timeout: false, time_ms: 30_000 });
    attempt = attempts.serve(second.attempt, at(40_000));
    const late = answered(attempt, attempt.questions[2]!.correct_choice_id, at(74_000));
    expect(late.answer).toMatchObject({
      is_correct: false,
      is_timeout: true,
      choice_id: null,
      time_ms: 30_000,
    });
    attempt = late.attempt;
    for (const when of [80_000, 90_000]) {
      attempt = attempts.serve(attempt, at(when));
      attempt = answered(
        attempt,
        attempt.questions[attempt.answers.length]!.correct_choice_id,
        at(when + 1_000),
      ).attempt;
    }
    expect(attempt.finished_at).toBe(at(91_000).toISOString());
    expect(attempts.resultOf(attempt)).toMatchObject({
      score: 3,
      total_time_ms: 4_200 + 30_000 + 30_000 + 2_000,
    });
  });

  it('refuses an attempts.answer to another question, before serving, or with an unknown choice', () => {
    const fresh = attempts.newAttempt(quiz, 'a', t0, random);
    expect(attempts.answer(fresh, fresh.questions[0]!.id, null, t0).kind).toBe('not_served');
    const attempt = attempts.serve(fresh, t0);
    expect(attempts.answer(attempt, attempt.questions[1]!.id, null, t0).kind).toBe('not_current');
    expect(attempts.answer(attempt, attempt.questions[0]!.id, 'nope', t0).kind).toBe('unknown_choice');
  });

  it('settles a served question whose time ran out, and closes an attempt left past the cool-down', () => {
    const attempt = attempts.serve(attempts.newAttempt(quiz, 'a', t0, random), t0);
    expect(attempts.settle(attempt, at(32_000))).toBe(attempt);
    const timedOut = attempts.settle(attempt, at(34_000));
    expect(timedOut.answers).toHaveLength(1);
    expect(timedOut.answers[0]).toMatchObject({ is_timeout: true, time_ms: 30_000 });
    expect(timedOut.served_at).toBeNull();
    const closed = attempts.settle(timedOut, at(60 * 60_000));
    expect(closed.answers).toHaveLength(5);
    expect(closed.finished_at).not.toBeNull();
    expect(attempts.resultOf(closed).score).toBe(0);
  });

  it('ends an attempt still under way when the round’s quiz closes, keeping the answers given', () => {
    let attempt = attempts.serve(attempts.newAttempt(quiz, 'a', t0, random), t0);
    attempt = answered(attempt, attempt.questions[0]!.correct_choice_id, at(3_000)).attempt;
    attempt = attempts.serve(attempt, at(4_000));
    expect(attempts.settle(attempt, at(5_000))).toBe(attempt);
    const cut = attempts.settle(attempt, at(5_000), true);
    expect(cut.finished_at).toBe(at(5_000).toISOString());
    expect(cut.answers.map((a) => a.is_timeout)).toEqual([false, true, true, true, true]);
    expect(attempts.resultOf(cut)).toMatchObject({ score: 1, total_time_ms: 3_000 + 4 * 30_000 });
  });

  it('counts the cool-down from the last start, in whole minutes rounded up', () => {
    const record = { ...attempts.emptyUserQuiz('u', 'g', 1), last_started_at: t0.toISOString() };
    expect(attempts.retriableMinuteDiff(attempts.emptyUserQuiz('u', 'g', 1), t0)).toBe(0);
    expect(attempts.retriableMinuteDiff(record, at(1_000))).toBe(60);
    expect(attempts.retriableMinuteDiff(record, at(59 * 60_000 + 1))).toBe(1);
    expect(attempts.retriableMinuteDiff(record, at(60 * 60_000))).toBe(0);
  });

  it('keeps the best attempt: more correct answers, then the shorter time', () => {
    expect(attempts.isBetter({ score: 3, total_time_ms: 90_000, finished_at: '' }, null)).toBe(true);
    expect(
      attempts.isBetter(
        { score: 4, total_time_ms: 90_000, finished_at: '' },
        { score: 3, total_time_ms: 10_000, finished_at: '' },
      ),
    ).toBe(true);
    expect(
      attempts.isBetter(
        { score: 3, total_time_ms: 9_000, finished_at: '' },
        { score: 3, total_time_ms: 10_000, finished_at: '' },
      ),
    ).toBe(true);
    expect(
      attempts.isBetter(
        { score: 3, total_time_ms: 10_000, finished_at: '' },
        { score: 3, total_time_ms: 10_000, finished_at: '' },
      ),
    ).toBe(false);
    const attempt = attempts.settle(
      attempts.serve(attempts.newAttempt(quiz, 'a', t0, random), t0),
      at(3_600_000),
    );
    const best = { attempt_id: 'old', score: 1, total_time_ms: 1, finished_at: '' };
    const folded = attempts.finish(
      { ...attempts.emptyUserQuiz('u', 'g', 1), best, current: attempt },
      attempt,
    );
    expect(folded.isBest).toBe(false);
    expect(folded.record).toMatchObject({ current: null, last: attempt, best });
  });

  it('ranks by score then time, and shows both', () => {
    const values = [
      { score: 5, total_time_ms: 40_000 },
      { score: 5, total_time_ms: 30_000 },
      { score: 4, total_time_ms: 5_000 },
    ].map(attempts.quizRankingValue);
    expect(values[1]! > values[0]! && values[0]! > values[2]!).toBe(true);
    expect(attempts.formatQuizResult({ score: 4, total_time_ms: 52_349 })).toBe('4問正解 52.3秒');
  });
});

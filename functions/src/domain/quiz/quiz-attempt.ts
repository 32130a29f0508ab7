/**
 * One player's attempt at a round's quiz, as pure functions of the stored state and the instant
 * (docs/api.md, section Quiz). An attempt draws its 5 questions from the round's pool; the server
 * serves one at a time and times it from the moment it is served; an answer arriving after the limit
 * (plus a network allowance) counts as time up. Question and choice order are shuffled per attempt.
 * Score = correct answers; ties go to the shorter total time.
 */
import {
  QUIZ_ANSWER_GRACE_MS,
  QUIZ_COOLDOWN_MINUTES,
  QUIZ_QUESTION_COUNT,
  QUIZ_TIME_LIMIT_SECONDS,
} from '@golf/shared/schemas/quiz';
import type {
  BestResult,
  QuizAttempt,
  QuizRecord,
  QuizResult,
  StoredQuizAnswer,
  StoredQuizQuestion,
  UserQuizRecord,
} from '../../db/repositories/quiz-repository';

const timeLimitMs = QUIZ_TIME_LIMIT_SECONDS * 1000;
const cooldownMs = QUIZ_COOLDOWN_MINUTES * 60_000;

export const emptyUserQuiz = (userId: string, gameGlobalId: string, round: number): UserQuizRecord => ({
  user_id: userId,
  game_global_id: gameGlobalId,
  round,
  attempt_count: 0,
  last_started_at: null,
  current: null,
  last: null,
  best: null,
  version: 0,
});

/** Fisher-Yates with the given source of numbers in [0, 1). */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The question with its choices shuffled and renamed for one attempt: choice ids are drawn anew each
 * time, so ids learnt in one attempt (or by another account) name nothing in the next.
 */
function askedQuestion(question: StoredQuizQuestion, random: () => number): StoredQuizQuestion {
  const fresh = new Map<string, string>();
  while (fresh.size < question.choices.length) {
    const id = `c-${Math.floor(random() * 2 ** 32).toString(36)}${Math.floor(random() * 2 ** 32).toString(36)}`;
    if (![...fresh.values()].includes(id)) fresh.set(question.choices[fresh.size]!.id, id);
  }
  return {
    ...question,
    choices: shuffled(question.choices, random).map((choice) => ({ ...choice, id: fresh.get(choice.id)! })),
    correct_choice_id: fresh.get(question.correct_choice_id)!,
  };
}

export function newAttempt(
  quiz: QuizRecord,
  attemptId: string,
  now: Date,
  random: () => number,
): QuizAttempt {
  return {
    attempt_id: attemptId,
    started_at: now.toISOString(),
    questions: shuffled(quiz.questions, random)
      .slice(0, QUIZ_QUESTION_COUNT)
      .map((q) => askedQuestion(q, random)),
    served_at: null,
    answers: [],
    finished_at: null,
  };
}

export const currentQuestion = (attempt: QuizAttempt): StoredQuizQuestion | undefined =>
  attempt.questions[attempt.answers.length];

/** Minutes until a new attempt may start (0 = now), counted from the last start. */
export function retriableMinuteDiff(record: UserQuizRecord, now: Date): number {
  if (!record.last_started_at) return 0;
  const left = Date.parse(record.last_started_at) + cooldownMs - now.getTime();
  return left <= 0 ? 0 : Math.ceil(left / 60_000);
}

function answerOf(
  question: StoredQuizQuestion,
  number: number,
  choiceId: string | null,
  timeMs: number,
): StoredQuizAnswer {
  const isTimeout = choiceId === null;
  return {
    number,
    quiz_id: question.id,
    question: question.question,
    golf_quiz_choices: question.choices,
    choice_id: choiceId,
    correct_choice_id: question.correct_choice_id,
    is_correct: !isTimeout && choiceId === question.correct_choice_id,
    is_timeout: isTimeout,
    time_ms: isTimeout ? timeLimitMs : timeMs,
    explanation: question.explanation,
  };
}

const withAnswer = (attempt: QuizAttempt, answer: StoredQuizAnswer, now: Date): QuizAttempt => {
  const answers = [...attempt.answers, answer];
  return {
    ...attempt,
    answers,
    served_at: null,
    finished_at: answers.length >= attempt.questions.length ? now.toISOString() : null,
  };
};

const servedExpired = (attempt: QuizAttempt, now: Date) =>
  attempt.served_at !== null &&
  now.getTime() > Date.parse(attempt.served_at) + timeLimitMs + QUIZ_ANSWER_GRACE_MS;

/**
 * Brings an attempt up to `now`: a served question whose time ran out is recorded as time up; an
 * attempt left for longer than the cooldown, or still under way when the round's quiz has closed, is
 * closed, its remaining questions counted as time up.
 */
export function settle(attempt: QuizAttempt, now: Date, quizClosed = false): QuizAttempt {
  let next = attempt;
  if (next.finished_at === null && servedExpired(next, now))
    next = withAnswer(next, answerOf(currentQuestion(next)!, next.answers.length + 1, null, 0), now);
  if (next.finished_at === null && (quizClosed || now.getTime() >= Date.parse(next.started_at) + cooldownMs))
    while (next.finished_at === null)
      next = withAnswer(next, answerOf(currentQuestion(next)!, next.answers.length + 1, null, 0), now);
  return next;
}

/** Starts the clock on the question asked now (once: serving it again keeps the first instant). */
export const serve = (attempt: QuizAttempt, now: Date): QuizAttempt =>
  attempt.served_at || attempt.finished_at ? attempt : { ...attempt, served_at: now.toISOString() };

export const remainingMs = (attempt: QuizAttempt, now: Date): number =>
  attempt.served_at
    ? Math.max(0, Math.min(timeLimitMs, Date.parse(attempt.served_at) + timeLimitMs - now.getTime()))
    : timeLimitMs;

export type AnswerOutcome =
  | { kind: 'answered'; attempt: QuizAttempt; answer: StoredQuizAnswer }
  | { kind: 'not_current' }
  | { kind: 'not_served' }
  | { kind: 'unknown_choice' };

/**
 * Records the answer to the question asked now. A choice arriving after the limit and the allowance
 * is time up; within them, the time counted is capped at the limit.
 */
export function answer(
  attempt: QuizAttempt,
  quizId: string,
  choiceId: string | null,
  now: Date,
): AnswerOutcome {
  const question = currentQuestion(attempt);
  if (!question || attempt.finished_at || question.id !== quizId) return { kind: 'not_current' };
  if (!attempt.served_at) return { kind: 'not_served' };
  if (choiceId !== null && !question.choices.some((c) => c.id === choiceId))
    return { kind: 'unknown_choice' };
  const elapsed = Math.max(0, now.getTime() - Date.parse(attempt.served_at));
  const late = elapsed > timeLimitMs + QUIZ_ANSWER_GRACE_MS;
  const recorded = answerOf(
    question,
    attempt.answers.length + 1,
    late ? null : choiceId,
    Math.min(elapsed, timeLimitMs),
  );
  return { kind: 'answered', attempt: withAnswer(attempt, recorded, now), answer: recorded };
}

export function resultOf(attempt: QuizAttempt): BestResult {
  return {
    attempt_id: attempt.attempt_id,
    score: attempt.answers.filter((a) => a.is_correct).length,
    total_time_ms: attempt.answers.reduce((sum, a) => sum + a.time_ms, 0),
    finished_at: attempt.finished_at ?? attempt.started_at,
  };
}

/** More correct answers win; on equal scores the shorter total time. */
export const isBetter = (candidate: QuizResult, than: QuizResult | null): boolean =>
  than === null ||
  candidate.score > than.score ||
  (candidate.score === than.score && candidate.total_time_ms < than.total_time_ms);

/**
 * The ranking value of a result: higher is better, and equal only for the same score and time.
 * Times are at most 5 x 30 s, well under the factor.
 */
export const quizRankingValue = (result: Pick<QuizResult, 'score' | 'total_time_ms'>): number =>
  result.score * 1_000_000 - result.total_time_ms;

/** `4問正解 52.3秒` */
export const formatQuizResult = (result: Pick<QuizResult, 'score' | 'total_time_ms'>): string =>
  `${result.score}問正解 ${(Math.floor(result.total_time_ms / 100) / 10).toFixed(1)}秒`;

/**
 * Folds a finished attempt into the record: it becomes the last attempt, and the best when it beats
 * the best so far. Returns whether it did.
 */
export function finish(
  record: UserQuizRecord,
  attempt: QuizAttempt,
): { record: UserQuizRecord; isBest: boolean } {
  const result = resultOf(attempt);
  const isBest = isBetter(result, record.best);
  return {
    record: { ...record, current: null, last: attempt, best: isBest ? result : record.best },
    isBest,
  };
}

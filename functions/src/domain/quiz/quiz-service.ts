/**
 * The golf quiz (docs/api.md, section Quiz). The open quiz is the current tournament's quiz for the
 * round open for picks. Each user's attempts at a round live in one item written with an optimistic
 * lock, so a double click or two tabs cannot record an answer twice; a finished attempt also writes
 * the user's best to the round's quiz score partition, which the ranking job reads once the round's
 * quiz has closed. Until it closes, what players are sent says nothing of which choice is right
 * (docs/adr/0013-quiz-answers-sealed-until-close.md).
 */
import { createHash, randomInt } from 'node:crypto';
import { ulid } from 'ulid';
import { deriveSchedule } from '@golf/shared/schedule/derive-schedule';
import type { TournamentRecord } from '@golf/shared/schedule/tournament-record';
import {
  QUIZ_QUESTION_COUNT,
  QUIZ_TIME_LIMIT_SECONDS,
  type ActiveQuizResponse,
  type PublishQuizBody,
  type QuizAnswerBody,
  type QuizAnswerResponse,
  type QuizAnsweredResponse,
  type QuizAttemptResult,
  type QuizStatusResponse,
  type UserQuizAnswer,
} from '@golf/shared/schemas/quiz';
import { quizResultsChanged } from '../ranking/job/quiz-results-changed';
import {
  quizRepository,
  type QuizAttempt,
  type QuizRecord,
  type QuizResult,
  type StoredQuizAnswer,
  type UserQuizRecord,
} from '../../db/repositories/quiz-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { AppError, conflict, notFound, refusal, validationFailed } from '../../lib/errors';
import { resolveTournament } from '../game/tournament-context';
import {
  answer,
  currentQuestion,
  emptyUserQuiz,
  finish,
  newAttempt,
  remainingMs,
  resultOf,
  retriableMinuteDiff,
  serve,
  settle,
} from './quiz-attempt';
import { isQuizClosed, isQuizOpen, quizClosesAt } from './quiz-window';

const staleWrite = () => conflict('別の画面で回答が進みました。画面を読み込み直してください。');

/** The quiz players can take now, if any. */
async function openQuiz(now: Date) {
  // No tournament is no quiz; a database that failed for a moment is not (it answers 503).
  const record = await resolveTournament(undefined, now).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  });
  if (!record) return null;
  const round = deriveSchedule(record, now).current_round;
  const quiz = isQuizOpen(record, round, now) ? await quizRepository.get(record.game_global_id, round) : null;
  return { tournament: record, round, quiz };
}

const roundMeta = (tournament: { game_global_id: string; tournament_name: string }, round: number) => ({
  game_global_id: tournament.game_global_id,
  tournament_name: tournament.tournament_name,
  round,
});

/** An answer as players see it before the quiz closes: received, timed, nothing of the verdict. */
const sealedAnswer = ({
  correct_choice_id: _correct,
  is_correct: _isCorrect,
  explanation: _explanation,
  ...received
}: StoredQuizAnswer): UserQuizAnswer => ({
  ...received,
  correct_choice_id: null,
  is_correct: null,
  explanation: null,
});

const shownAnswers = (answers: StoredQuizAnswer[], revealed: boolean): UserQuizAnswer[] =>
  revealed ? answers : answers.map(sealedAnswer);

const shownResult = (result: QuizResult | null, revealed: boolean): QuizAttemptResult | null =>
  result && (revealed ? result : { ...result, score: null });

/**
 * The user's record for a round, brought up to `now` (time-ups recorded, an abandoned attempt or one
 * the quiz's close cut short finished) and written back when that changed anything.
 */
async function settledRecord(userId: string, tournament: TournamentRecord, round: number, now: Date) {
  const gameGlobalId = tournament.game_global_id;
  const stored =
    (await quizRepository.getUserQuiz(userId, gameGlobalId, round)) ??
    emptyUserQuiz(userId, gameGlobalId, round);
  if (!stored.current) return stored;
  const closed = isQuizClosed(tournament, round, now);
  const attempt = settle(stored.current, now, closed);
  if (attempt === stored.current) return stored;
  return save({ ...stored, current: attempt }, closed);
}

/**
 * Saves a record whose current attempt may have just finished (folding it into last and best).
 * Returns the record as stored, with its new version. Every finished attempt writes the user's best
 * to the round's score partition, changed or not, so the answer that ends an attempt costs the same
 * whether it beat the best or not; the ranking is marked stale only for a quiz that has closed.
 */
async function save(record: UserQuizRecord, quizClosed: boolean): Promise<UserQuizRecord> {
  let next: UserQuizRecord = record;
  let isBest = false;
  const finished = record.current?.finished_at ? record.current : null;
  if (finished) ({ record: next, isBest } = finish(record, finished));
  const best =
    finished && next.best
      ? {
          user_id: next.user_id,
          score: next.best.score,
          total_time_ms: next.best.total_time_ms,
          finished_at: next.best.finished_at,
        }
      : null;
  if (!(await quizRepository.saveUserQuiz(next, best))) throw staleWrite();
  if (isBest && quizClosed && best) await quizResultsChanged(next.game_global_id, new Date(best.finished_at));
  return { ...next, version: next.version + 1 };
}

const resultSummary = (attempt: QuizAttempt | null): QuizResult | null => {
  if (!attempt) return null;
  const { attempt_id: _id, ...result } = resultOf(attempt);
  return result;
};

const bestSummary = (record: UserQuizRecord): QuizResult | null => {
  if (!record.best) return null;
  const { attempt_id: _id, ...result } = record.best;
  return result;
};

/** GET /api/golf/user_golf_quiz_answer */
export async function quizStatus(userId: string, now: Date): Promise<QuizStatusResponse> {
  const open = await openQuiz(now);
  const base = {
    game_global_id: open?.tournament.game_global_id ?? null,
    tournament_name: open?.tournament.tournament_name ?? null,
    round: open ? open.round : null,
    question_count: QUIZ_QUESTION_COUNT,
    time_limit: QUIZ_TIME_LIMIT_SECONDS,
    reveal_at: open ? quizClosesAt(open.tournament, open.round) : null,
  };
  if (!open) {
    return {
      ...base,
      is_open: false,
      is_startable: false,
      retriable_minute_diff: 0,
      in_progress: false,
      attempt_count: 0,
      best: null,
      last: null,
      user_answers: [],
    };
  }
  const record = await settledRecord(userId, open.tournament, open.round, now);
  const revealed = isQuizClosed(open.tournament, open.round, now);
  const wait = retriableMinuteDiff(record, now);
  return {
    ...base,
    is_open: open.quiz !== null,
    is_startable: open.quiz !== null && !record.current && wait === 0,
    retriable_minute_diff: wait,
    in_progress: record.current !== null,
    attempt_count: record.attempt_count,
    // Which attempt is best would tell how they scored against each other.
    best: revealed ? bestSummary(record) : null,
    last: shownResult(resultSummary(record.last), revealed),
    user_answers: shownAnswers(record.last?.answers ?? [], revealed),
  };
}

function activeResponse(
  tournament: { game_global_id: string; tournament_name: string },
  round: number,
  attempt: QuizAttempt,
  now: Date,
): ActiveQuizResponse {
  const question = currentQuestion(attempt)!;
  return {
    ...roundMeta(tournament, round),
    attempt_id: attempt.attempt_id,
    active_quiz_number: attempt.answers.length + 1,
    question_count: attempt.questions.length,
    time_limit: QUIZ_TIME_LIMIT_SECONDS,
    remaining_ms: remainingMs(attempt, now),
    quiz: { id: question.id, question: question.question, golf_quiz_choices: question.choices },
    // An attempt is asked only while its quiz is open.
    user_answers: attempt.answers.map(sealedAnswer),
  };
}

const noQuiz = () => refusal('quiz_not_open');

/** The open quiz and the caller's record of it, brought up to `now`. */
async function openRecord(userId: string, now: Date) {
  const open = await openQuiz(now);
  if (!open?.quiz) throw noQuiz();
  const record = await settledRecord(userId, open.tournament, open.round, now);
  return { open: { ...open, quiz: open.quiz }, record };
}

/** The question the attempt under way asks now, its clock started the first time it is served. */
async function askCurrent(
  { open, record }: Awaited<ReturnType<typeof openRecord>>,
  current: QuizAttempt,
  now: Date,
): Promise<ActiveQuizResponse> {
  const attempt = serve(current, now);
  if (attempt !== current) await save({ ...record, current: attempt }, false);
  return activeResponse(open.tournament, open.round, attempt, now);
}

/** POST /api/golf/quiz/start: a new attempt, its first question served (an attempt under way resumes). */
export async function startQuiz(userId: string, now: Date): Promise<ActiveQuizResponse> {
  const state = await openRecord(userId, now);
  const { open, record } = state;
  if (record.current) return askCurrent(state, record.current, now);
  const wait = retriableMinuteDiff(record, now);
  if (wait > 0) throw conflict(`次の挑戦まであと${wait}分お待ちください。`);
  const attempt = serve(
    newAttempt(open.quiz, ulid(now.getTime()), now, () => randomInt(2 ** 32) / 2 ** 32),
    now,
  );
  await save(
    {
      ...record,
      attempt_count: record.attempt_count + 1,
      last_started_at: now.toISOString(),
      current: attempt,
    },
    false,
  );
  return activeResponse(open.tournament, open.round, attempt, now);
}

/** GET /api/golf/quiz: the question being asked now (its clock starts the first time it is served). */
export async function activeQuestion(userId: string, now: Date): Promise<ActiveQuizResponse> {
  const state = await openRecord(userId, now);
  if (!state.record.current)
    throw conflict('クイズに挑戦中ではありません。クイズのページから始めてください。');
  return askCurrent(state, state.record.current, now);
}

/**
 * POST /api/golf/user_golf_quiz_answer/answer. The answer is recorded with its verdict, but the reply
 * tells only that it was received and its time: the quiz is open, so nothing says what was right.
 */
export async function answerQuiz(
  userId: string,
  body: QuizAnswerBody,
  now: Date,
): Promise<QuizAnswerResponse> {
  const open = await openQuiz(now);
  if (!open?.quiz) throw noQuiz();
  const stored = await quizRepository.getUserQuiz(userId, open.tournament.game_global_id, open.round);
  if (!stored?.current || stored.current.attempt_id !== body.attempt_id)
    throw conflict('この挑戦はすでに終了しています。');
  const outcome = answer(stored.current, body.quiz_id, body.choice_id, now);
  switch (outcome.kind) {
    case 'not_current':
      throw conflict('この問題にはすでに回答しています。');
    case 'not_served':
      throw conflict('問題を表示してから回答してください。');
    case 'unknown_choice':
      throw validationFailed({ choice_id: ['選択肢が正しくありません。'] });
  }
  await save({ ...stored, current: outcome.attempt }, false);
  const finished = outcome.attempt.finished_at !== null;
  const result = finished ? resultSummary(outcome.attempt) : null;
  return {
    answer: sealedAnswer(outcome.answer),
    user_answers: outcome.attempt.answers.map(sealedAnswer),
    is_finished: finished,
    result: result ? { ...result, score: null, is_best: null } : null,
    reveal_at: quizClosesAt(open.tournament, open.round),
  };
}

/**
 * GET /api/golf/user_golf_quiz_answer/answered?round=: the round's last finished attempt, with the
 * correct choices, explanations and scores once the round's quiz has closed.
 */
export async function answeredQuiz(
  userId: string,
  query: { game_global_id?: string | undefined; round: number },
  now: Date,
): Promise<QuizAnsweredResponse> {
  const tournament = await resolveTournament(query.game_global_id, now);
  const record = await settledRecord(userId, tournament, query.round, now);
  const revealed = isQuizClosed(tournament, query.round, now);
  return {
    ...roundMeta(tournament, query.round),
    user_answers: shownAnswers(record.last?.answers ?? [], revealed),
    last: shownResult(resultSummary(record.last), revealed),
    best: revealed ? bestSummary(record) : null,
    is_revealed: revealed,
    reveal_at: quizClosesAt(tournament, query.round),
  };
}

/** Stable ids from the text, so publishing the same question again keeps its id. */
const shortHash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 10);

export function quizRecordOf(body: PublishQuizBody, now: Date): QuizRecord {
  return {
    game_global_id: body.game_global_id,
    round: body.round,
    updated_at: now.toISOString(),
    questions: body.questions.map((q) => {
      const id = `q-${shortHash(q.question)}`;
      const choices = q.choices.map((text) => ({ id: `c-${shortHash(`${id}\n${text}`)}`, text }));
      return {
        id,
        question: q.question,
        choices,
        correct_choice_id: choices[q.answer]!.id,
        explanation: q.explanation,
      };
    }),
  };
}

/** PUT /api/golf/ops/quiz: publishes (or replaces) a round's pool of questions. */
export async function publishQuiz(body: PublishQuizBody, now: Date) {
  const tournament = await tournamentRepository.get(body.game_global_id);
  if (!tournament) throw notFound(`大会 ${body.game_global_id} は登録されていません。`);
  const record = quizRecordOf(body, now);
  if (new Set(record.questions.map((q) => q.id)).size !== record.questions.length)
    throw validationFailed({ questions: ['同じ問題が含まれています。'] });
  const hadAnswers = (await quizRepository.listScores(body.game_global_id, body.round)).length > 0;
  await quizRepository.put(record);
  return {
    game_global_id: body.game_global_id,
    round: body.round,
    question_count: record.questions.length,
    had_answers: hadAnswers,
  };
}

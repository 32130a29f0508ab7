/**
 * The golf quiz (docs/api.md, section Quiz). Each round of a tournament has a pool of questions with 4
 * choices; an attempt asks 5 of them, 30 seconds each. The server times every question and tells no
 * one which choice is correct (not per answer, not as a score) until the round's quiz closes
 * (docs/adr/0013-quiz-answers-sealed-until-close.md).
 */
import * as z from 'zod';
import { plainText } from './text';

/** Questions per attempt. */
export const QUIZ_QUESTION_COUNT = 5;
/** A round's pool: each attempt draws its 5 questions from at least this many. */
export const QUIZ_POOL_MIN = 10;
const QUIZ_POOL_MAX = 50;
const QUIZ_CHOICE_COUNT = 4;
/** Seconds per question (product spec section 9: "Quiz time limit 30"). */
export const QUIZ_TIME_LIMIT_SECONDS = 30;
/** A new attempt may start this long after the previous one started. */
export const QUIZ_COOLDOWN_MINUTES = 60;
/** Network allowance on top of the time limit before an answer counts as too late. */
export const QUIZ_ANSWER_GRACE_MS = 3_000;

const id = z.string().min(1).max(64);

// ---- stored quiz (operators publish it) ----

const quizQuestionInputSchema = z.object({
  question: plainText(200),
  /** The 4 choices; `answer` is the index (0-3) of the correct one. */
  choices: z.array(plainText(60)).length(QUIZ_CHOICE_COUNT),
  answer: z
    .number()
    .int()
    .min(0)
    .max(QUIZ_CHOICE_COUNT - 1),
  explanation: plainText(400),
});
export type QuizQuestionInput = z.infer<typeof quizQuestionInputSchema>;

/** PUT /api/golf/ops/quiz: the pool of one round's questions (replaces what was there). */
export const publishQuizBodySchema = z
  .object({
    game_global_id: id,
    round: z.number().int().min(1).max(4),
    questions: z
      .array(quizQuestionInputSchema)
      .min(QUIZ_POOL_MIN, `問題は${QUIZ_POOL_MIN}問以上にしてください。`)
      .max(QUIZ_POOL_MAX, `問題は${QUIZ_POOL_MAX}問までです。`),
  })
  .superRefine((body, context) => {
    body.questions.forEach((question, index) => {
      if (new Set(question.choices).size !== question.choices.length)
        context.addIssue({
          code: 'custom',
          path: ['questions', index, 'choices'],
          message: '選択肢が重複しています。',
        });
    });
  });
export type PublishQuizBody = z.infer<typeof publishQuizBodySchema>;

export const publishQuizResponseSchema = z.object({
  game_global_id: z.string(),
  round: z.number().int(),
  /** The pool's size. */
  question_count: z.number().int(),
  /** True when players had already answered this round's quiz (their answers keep their scores). */
  had_answers: z.boolean(),
});

// ---- requests ----

export const quizAnswerBodySchema = z.object({
  attempt_id: id,
  quiz_id: id,
  /** null when the time ran out without a choice. */
  choice_id: id.nullable(),
});
export type QuizAnswerBody = z.infer<typeof quizAnswerBodySchema>;

export const quizAnsweredQuerySchema = z.object({
  game_global_id: id.optional(),
  round: z.coerce.number().int().min(1).max(4),
});

// ---- responses ----

const quizChoiceSchema = z.object({ id: z.string(), text: z.string() });

/**
 * One answered question. The correct choice, the verdict and the explanation are null until the
 * round's quiz closes: an answer says only that it was received, and how long it took.
 */
const userQuizAnswerSchema = z.object({
  number: z.number().int().min(1),
  quiz_id: z.string(),
  question: z.string(),
  golf_quiz_choices: z.array(quizChoiceSchema),
  choice_id: z.string().nullable(),
  correct_choice_id: z.string().nullable(),
  is_correct: z.boolean().nullable(),
  is_timeout: z.boolean(),
  time_ms: z.number().int().min(0),
  explanation: z.string().nullable(),
});
export type UserQuizAnswer = z.infer<typeof userQuizAnswerSchema>;

const quizRoundMeta = {
  game_global_id: z.string().nullable(),
  tournament_name: z.string().nullable(),
  round: z.number().int().min(1).max(4).nullable(),
};

/** An attempt's result; `score` (correct answers) is null until the round's quiz closes. */
const attemptResultSchema = z.object({
  score: z.number().int().min(0).nullable(),
  total_time_ms: z.number().int().min(0),
  finished_at: z.string(),
});
export type QuizAttemptResult = z.infer<typeof attemptResultSchema>;

/** When the round's quiz closes (its entry deadline): answers, scores and the ranking are shown from then. */
const revealAt = z.string().nullable();

/** GET /api/golf/user_golf_quiz_answer: where the player stands with the current round's quiz. */
export const quizStatusResponseSchema = z.object({
  ...quizRoundMeta,
  /** A quiz is open for the current round. */
  is_open: z.boolean(),
  /** A new attempt may start now. */
  is_startable: z.boolean(),
  /** Minutes until a new attempt may start; 0 = now (the spec's retriable rule). */
  retriable_minute_diff: z.number().int().min(0),
  /** An attempt is under way (it resumes where it stopped). */
  in_progress: z.boolean(),
  attempt_count: z.number().int().min(0),
  /** The best attempt; null until the round's quiz closes (which attempt is best would tell scores). */
  best: attemptResultSchema.nullable(),
  last: attemptResultSchema.nullable(),
  /** The last finished attempt's answers. */
  user_answers: z.array(userQuizAnswerSchema),
  question_count: z.number().int(),
  time_limit: z.number().int(),
  reveal_at: revealAt,
});
export type QuizStatusResponse = z.infer<typeof quizStatusResponseSchema>;

/** GET /api/golf/quiz and POST /api/golf/quiz/start: the question being asked now. */
export const activeQuizResponseSchema = z.object({
  ...quizRoundMeta,
  attempt_id: z.string(),
  /** 1-5: which question this is. */
  active_quiz_number: z.number().int().min(1),
  question_count: z.number().int(),
  time_limit: z.number().int(),
  /** Milliseconds left on this question by the server's clock. */
  remaining_ms: z.number().int().min(0),
  quiz: z.object({ id: z.string(), question: z.string(), golf_quiz_choices: z.array(quizChoiceSchema) }),
  /** This attempt's answers so far. */
  user_answers: z.array(userQuizAnswerSchema),
});
export type ActiveQuizResponse = z.infer<typeof activeQuizResponseSchema>;

/** POST /api/golf/user_golf_quiz_answer/answer. */
export const quizAnswerResponseSchema = z.object({
  answer: userQuizAnswerSchema,
  user_answers: z.array(userQuizAnswerSchema),
  is_finished: z.boolean(),
  /** Set once the 5th question is answered; `score` and `is_best` null until the quiz closes. */
  result: attemptResultSchema.extend({ is_best: z.boolean().nullable() }).nullable(),
  reveal_at: revealAt,
});
export type QuizAnswerResponse = z.infer<typeof quizAnswerResponseSchema>;

/** GET /api/golf/user_golf_quiz_answer/answered?round=: a round's last finished attempt. */
export const quizAnsweredResponseSchema = z.object({
  ...quizRoundMeta,
  user_answers: z.array(userQuizAnswerSchema),
  last: attemptResultSchema.nullable(),
  best: attemptResultSchema.nullable(),
  /** The round's quiz has closed: the correct choices, explanations and scores are shown. */
  is_revealed: z.boolean(),
  reveal_at: revealAt,
});
export type QuizAnsweredResponse = z.infer<typeof quizAnsweredResponseSchema>;

import type { RouteDefinition } from '../contracts';
import {
  activeQuizResponseSchema,
  publishQuizBodySchema,
  publishQuizResponseSchema,
  quizAnswerBodySchema,
  quizAnswerResponseSchema,
  quizAnsweredQuerySchema,
  quizAnsweredResponseSchema,
  quizStatusResponseSchema,
} from '../schemas/quiz';
import { partitions, sessionReads, tournamentReads } from '../route-partitions';

/**
 * The player's routes. Each may finish an attempt (an answer, or a read that finds its time run out
 * or the quiz closed), which writes the user's record, the round's best result and, once the quiz
 * has closed, the ranking's stale mark.
 */
const quizPlayerKeys = {
  read: ['AUDIT#', 'LOGIN#', 'PLAYER#', 'QUIZ#', 'RANKLEASE', 'REVOKED#', 'ROUNDLOCK#', 'TOURNAMENT#'],
  write: ['QUIZSCORE#', 'RANKSTALE', 'USER#'],
  index: ['TOURNAMENTS'],
} as const;

export const getQuizStatusRoute = {
  name: 'getQuizStatus',
  method: 'GET',
  path: '/api/golf/user_golf_quiz_answer',
  handler: 'quiz/get-quiz-status',
  access: 'user',
  response: quizStatusResponseSchema,
  aws: { table: 'write', keys: quizPlayerKeys },
} as const satisfies RouteDefinition;

export const startQuizRoute = {
  name: 'startQuiz',
  method: 'POST',
  path: '/api/golf/quiz/start',
  handler: 'quiz/start-quiz',
  access: 'user',
  response: activeQuizResponseSchema,
  aws: { table: 'write', keys: quizPlayerKeys },
} as const satisfies RouteDefinition;

export const getActiveQuizRoute = {
  name: 'getActiveQuiz',
  method: 'GET',
  path: '/api/golf/quiz',
  handler: 'quiz/get-active-quiz',
  access: 'user',
  response: activeQuizResponseSchema,
  aws: { table: 'write', keys: quizPlayerKeys },
} as const satisfies RouteDefinition;

export const answerQuizRoute = {
  name: 'answerQuiz',
  method: 'POST',
  path: '/api/golf/user_golf_quiz_answer/answer',
  handler: 'quiz/answer-quiz',
  access: 'user',
  body: quizAnswerBodySchema,
  response: quizAnswerResponseSchema,
  aws: { table: 'write', keys: quizPlayerKeys },
} as const satisfies RouteDefinition;

export const getAnsweredQuizRoute = {
  name: 'getAnsweredQuiz',
  method: 'GET',
  path: '/api/golf/user_golf_quiz_answer/answered',
  handler: 'quiz/get-answered-quiz',
  access: 'user',
  query: quizAnsweredQuerySchema,
  response: quizAnsweredResponseSchema,
  aws: { table: 'write', keys: quizPlayerKeys },
} as const satisfies RouteDefinition;

/** What publishing a quiz reads: the tournament, its field, the scores and the ranking job's state. */
const quizPublishReads = partitions(sessionReads, tournamentReads, [
  'PLAYER#',
  'QUIZSCORE#',
  'RANKLEASE',
  'RANKSTALE',
]);

export const publishQuizRoute = {
  name: 'publishQuiz',
  method: 'PUT',
  path: '/api/golf/ops/quiz',
  handler: 'quiz/publish-quiz',
  access: 'operator',
  body: publishQuizBodySchema,
  response: publishQuizResponseSchema,
  aws: {
    table: 'write',
    keys: {
      read: quizPublishReads,
      write: ['QUIZ#'],
      index: ['TOURNAMENTS'],
    },
  },
} as const satisfies RouteDefinition;

/** The golf quiz (docs/api.md, section Quiz). */
export const quizRoutes = {
  getQuizStatus: getQuizStatusRoute,
  startQuiz: startQuizRoute,
  getActiveQuiz: getActiveQuizRoute,
  answerQuiz: answerQuizRoute,
  getAnsweredQuiz: getAnsweredQuizRoute,
  publishQuiz: publishQuizRoute,
} as const satisfies Record<string, RouteDefinition>;

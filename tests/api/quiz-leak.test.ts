/**
 * What a quiz answer tells: nothing another account could score with (docs/adr/0013-quiz-answers-sealed-until-close.md). A scouting
 * account takes the open round's quiz as often as its cool-down allows (the game clock moved on an
 * hour each time), trying the choices of every question in turn, and keeps everything the API returns
 * to it: the questions, the replies to its answers, its status and results, and the quiz rankings.
 * A second account then answers by a fixed rule using only that. Its choices, and so its score, must
 * be those it makes with the scout's data withheld. Once the round's quiz closes, both are shown the
 * correct answers and their scores. A stack of the file's own, whose handlers run in this process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '../../scripts/local-stack/stack';
import type {
  ActiveQuizResponse,
  QuizAnswerResponse,
  QuizAnsweredResponse,
  QuizStatusResponse,
} from '../../shared/src/schemas/quiz';
import type { OwnRankingResponse, RankingPageResponse } from '../../shared/src/schemas/ranking';
import { sampleQuizBank } from '../../scripts/seed/quiz-bank';
import { advanceClock, moveClockTo, resetClock } from './support/clock';
import { openFixture } from './support/game-fixtures';
import { callerOf, publishTournament, registerPlayer, startOwnStack } from './support/own-stack';

const hour = 3600_000;
const firstDeadline = Date.parse('2026-08-06T06:30:00+09:00');
const deadlineOf = (round: number) => firstDeadline + (round - 1) * 24 * hour;
const { id: gid, record, field, profiles } = openFixture('quiz-leak', 2026, deadlineOf);
/** Round 1's pool, as the operator publishes it. */
const pool = sampleQuizBank.slice(0, 10);
/** Attempts the scout makes before round 1's deadline, one an hour. */
const SCOUT_ATTEMPTS = 12;

let stack: Stack;
let call: ReturnType<typeof callerOf>;

/** Everything the API answered one account, in order. */
type Collected = unknown[];

async function collect<T>(into: Collected, method: string, path: string, as: string, body?: unknown) {
  const answer = await call<T>(method, path, as, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  into.push(answer.body);
  return answer.body;
}

/** What some account's data says of a question's choices, by their texts. */
interface Knowledge {
  correct: Set<string>;
  wrong: Set<string>;
}
type Learnt = Map<string, Knowledge>;

const knowledgeOf = (learnt: Learnt, question: string) => {
  let known = learnt.get(question);
  if (!known) learnt.set(question, (known = { correct: new Set(), wrong: new Set() }));
  return known;
};

/** Every object in a JSON value, depth first. */
function* objectsIn(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const item of value) yield* objectsIn(item);
  else if (value && typeof value === 'object') {
    yield value as Record<string, unknown>;
    for (const item of Object.values(value)) yield* objectsIn(item);
  }
}

/** One scouting attempt: the choices it sent (text, or null for none) and what it was told of it. */
interface ScoutAttempt {
  answered: Array<{ question: string; choice: string | null }>;
  /** The attempt's correct answers, if anything said so. */
  score: number | null;
  /** The scout's best, if anything said so after this attempt. */
  best: number | null;
}

/**
 * What the scout's data gives away, read as a scripted player would: a stated correct choice or
 * verdict; an attempt's score of 0 or of every choice it sent; and an attempt of one answer that
 * raised (or set at 0) the best.
 */
function learn(collected: Collected, attempts: ScoutAttempt[]): Learnt {
  const learnt: Learnt = new Map();
  for (const item of objectsIn(collected)) {
    const { question, golf_quiz_choices: choices, correct_choice_id: correctId } = item;
    if (typeof question !== 'string' || !Array.isArray(choices)) continue;
    const textOf = (id: unknown) =>
      (choices as Array<{ id: string; text: string }>).find((c) => c.id === id)?.text;
    const correct = textOf(correctId);
    if (correct) knowledgeOf(learnt, question).correct.add(correct);
    const chosen = textOf(item['choice_id']);
    if (chosen && typeof item['is_correct'] === 'boolean')
      knowledgeOf(learnt, question)[item['is_correct'] ? 'correct' : 'wrong'].add(chosen);
  }
  let bestBefore: number | null = null;
  for (const attempt of attempts) {
    const sent = attempt.answered.filter((a): a is { question: string; choice: string } => !!a.choice);
    const mark = (as: keyof Knowledge) =>
      sent.forEach((a) => knowledgeOf(learnt, a.question)[as].add(a.choice));
    if (attempt.score === 0) mark('wrong');
    if (attempt.score !== null && attempt.score === sent.length) mark('correct');
    if (sent.length === 1 && attempt.best !== null) {
      if (attempt.best > (bestBefore ?? 0)) mark('correct');
      if (bestBefore === null && attempt.best === 0) mark('wrong');
    }
    bestBefore = attempt.best ?? bestBefore;
  }
  return learnt;
}

/** The second account's fixed rule: a choice known right, else the first by text not known wrong. */
function choose(question: string, texts: string[], learnt: Learnt): string {
  const known = learnt.get(question);
  const byText = [...texts].sort();
  return (
    byText.find((text) => known?.correct.has(text)) ??
    byText.find((text) => !known?.wrong.has(text)) ??
    byText[0]!
  );
}

const correctText = (question: string) => {
  const entry = pool.find((q) => q.question === question)!;
  return entry.choices[entry.answer]!;
};

beforeAll(async () => {
  const own = await startOwnStack('quiz-leak', {
    seed: false,
    clock: new Date(deadlineOf(1) - (SCOUT_ATTEMPTS + 1) * hour),
  });
  stack = own.stack;
  call = callerOf(own);
  await publishTournament({ record, field, profiles });
  for (const id of ['leak-scout', 'leak-player']) await registerPlayer(id, { copyNextRound: false });
  const published = await call(
    'PUT',
    '/api/golf/ops/quiz',
    'leak-operator',
    { game_global_id: gid, round: 1, questions: pool },
    true,
  );
  expect(published.status, JSON.stringify(published.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  resetClock();
});

describe('the quiz', () => {
  it('a second account learns nothing from a first account’s quiz answers that raises its score', async () => {
    const { quizRepository } = await import('../../functions/src/db/repositories/quiz-repository');
    const scout = 'leak-scout';
    const collected: Collected = [];
    const attempts: ScoutAttempt[] = [];
    /** The correct choices' ids of every question the scout was asked, as stored. */
    const correctIds = new Set<string>();
    const tries = new Map<string, number>();
    const ranking = '/api/golf/ranking/quiz?round=1';

    for (let n = 0; n < SCOUT_ATTEMPTS; n++) {
      // Every other attempt answers its first question alone (the rest run out), so the attempt's
      // score or a new best would tell whether that one choice was right.
      const alone = n % 2 === 1;
      const answered: ScoutAttempt['answered'] = [];
      let active = await collect<ActiveQuizResponse>(collected, 'POST', '/api/golf/quiz/start', scout);
      let reply: QuizAnswerResponse | undefined;
      for (let q = 0; q < 5; q++) {
        const { question, golf_quiz_choices: choices } = active.quiz;
        // Each question's choices in turn, by their texts, across attempts.
        const tried = tries.get(question) ?? 0;
        const pick =
          alone && q > 0 ? null : [...choices].sort((a, b) => (a.text < b.text ? -1 : 1))[tried % 4]!;
        if (pick) tries.set(question, tried + 1);
        answered.push({ question, choice: pick?.text ?? null });
        reply = await collect<QuizAnswerResponse>(
          collected,
          'POST',
          '/api/golf/user_golf_quiz_answer/answer',
          scout,
          { attempt_id: active.attempt_id, quiz_id: active.quiz.id, choice_id: pick?.id ?? null },
        );
        if (q < 4) active = await collect<ActiveQuizResponse>(collected, 'GET', '/api/golf/quiz', scout);
      }
      const stored = await quizRepository.getUserQuiz(scout, gid, 1);
      for (const question of stored!.last!.questions) correctIds.add(question.correct_choice_id);

      // An hour on: the ranking job has run; then everything the scout may read.
      await advanceClock(61);
      const status = await collect<QuizStatusResponse>(
        collected,
        'GET',
        '/api/golf/user_golf_quiz_answer',
        scout,
      );
      const results = await collect<QuizAnsweredResponse>(
        collected,
        'GET',
        '/api/golf/user_golf_quiz_answer/answered?round=1',
        scout,
      );
      const board = await collect<RankingPageResponse>(collected, 'GET', ranking, scout);
      const own = await collect<OwnRankingResponse>(
        collected,
        'GET',
        '/api/golf/ranking/user_quiz?round=1',
        scout,
      );
      expect(status.round).toBe(1);
      attempts.push({
        answered,
        score: reply?.result?.score ?? status.last?.score ?? results.last?.score ?? null,
        best:
          status.best?.score ??
          results.best?.score ??
          own.rankings[0]?.value ??
          board.rankings.find((row) => row.user_id === scout)?.value ??
          null,
      });
    }
    expect(tries.size).toBeGreaterThanOrEqual(5);

    // Nothing returned to the scout before the round's quiz closes identifies a correct choice.
    // A correct choice's id comes only as one of the four choices, or as the scout's own choice.
    const naming = [...objectsIn(collected)].flatMap((item) =>
      Object.entries(item).filter(
        ([key, value]) => key !== 'id' && key !== 'choice_id' && correctIds.has(value as string),
      ),
    );
    expect(naming).toEqual([]);
    const seen = JSON.stringify(collected);
    expect(pool.filter((q) => seen.includes(q.explanation)).map((q) => q.question)).toEqual([]);
    const learnt = learn(collected, attempts);
    expect([...learnt].filter(([, known]) => known.correct.size + known.wrong.size > 0)).toEqual([]);

    // The second account answers by its rule with the scout's data and without it: the same choices.
    const player = 'leak-player';
    const chosen: Array<{ question: string; choice: string }> = [];
    let active = (await call<ActiveQuizResponse>('POST', '/api/golf/quiz/start', player)).body;
    for (let q = 0; q < 5; q++) {
      const { question, golf_quiz_choices: choices } = active.quiz;
      const texts = choices.map((c) => c.text);
      const withData = choose(question, texts, learnt);
      expect(withData, question).toBe(choose(question, texts, new Map()));
      chosen.push({ question, choice: withData });
      const sent = await call('POST', '/api/golf/user_golf_quiz_answer/answer', player, {
        attempt_id: active.attempt_id,
        quiz_id: active.quiz.id,
        choice_id: choices.find((c) => c.text === withData)!.id,
      });
      expect(sent.status).toBe(200);
      if (q < 4) active = (await call<ActiveQuizResponse>('GET', '/api/golf/quiz', player)).body;
    }

    // Round 1's deadline closes its quiz: the correct answers, scores and the ranking are shown.
    await moveClockTo(new Date(deadlineOf(1) + 60_000));
    const knowing = chosen.filter((c) => c.choice === correctText(c.question)).length;
    const results = (
      await call<QuizAnsweredResponse>('GET', '/api/golf/user_golf_quiz_answer/answered?round=1', player)
    ).body;
    expect(results).toMatchObject({ is_revealed: true, last: { score: knowing }, best: { score: knowing } });
    for (const answer of results.user_answers) {
      const correct = answer.golf_quiz_choices.find((c) => c.id === answer.correct_choice_id);
      expect(correct?.text).toBe(correctText(answer.question));
      expect(answer.explanation).toBe(pool.find((q) => q.question === answer.question)!.explanation);
    }
    const board = (await call<RankingPageResponse>('GET', ranking, player)).body;
    expect(board.is_provisional).toBe(false);
    expect(board.rankings.find((row) => row.user_id === player)?.value).toBe(knowing);
    expect(board.rankings.map((row) => row.user_id).sort()).toEqual([player, scout]);
  }, 240_000);

  it('ends an attempt under way when the round’s quiz closes: its answers stand, the rest are time up, and it ranks', async () => {
    const published = await call(
      'PUT',
      '/api/golf/ops/quiz',
      'leak-operator',
      { game_global_id: gid, round: 2, questions: sampleQuizBank.slice(10, 20) },
      true,
    );
    expect(published.status).toBe(200);
    await moveClockTo(new Date(deadlineOf(2) - 5 * 60_000));
    const player = 'leak-player';
    const active = (await call<ActiveQuizResponse>('POST', '/api/golf/quiz/start', player)).body;
    expect(active.round).toBe(2);
    const entry = sampleQuizBank.find((q) => q.question === active.quiz.question)!;
    const right = active.quiz.golf_quiz_choices.find((c) => c.text === entry.choices[entry.answer])!;
    const body = { attempt_id: active.attempt_id, quiz_id: active.quiz.id, choice_id: right.id };
    expect((await call('POST', '/api/golf/user_golf_quiz_answer/answer', player, body)).status).toBe(200);
    const next = (await call<ActiveQuizResponse>('GET', '/api/golf/quiz', player)).body;

    await moveClockTo(new Date(deadlineOf(2) + 60_000));
    const late = await call<{ code: string }>('POST', '/api/golf/user_golf_quiz_answer/answer', player, {
      attempt_id: next.attempt_id,
      quiz_id: next.quiz.id,
      choice_id: next.quiz.golf_quiz_choices[0]!.id,
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('quiz_not_open');
    const results = (
      await call<QuizAnsweredResponse>('GET', '/api/golf/user_golf_quiz_answer/answered?round=2', player)
    ).body;
    expect(results).toMatchObject({ is_revealed: true, last: { score: 1 }, best: { score: 1 } });
    expect(results.user_answers.map((a) => [a.is_correct, a.is_timeout])).toEqual([
      [true, false],
      ...Array.from({ length: 4 }, () => [false, true]),
    ]);
    // The attempt's result came after the close: the next run publishes it.
    await advanceClock(1);
    const board = (await call<RankingPageResponse>('GET', '/api/golf/ranking/quiz?round=2', player)).body;
    expect(board.rankings).toMatchObject([{ user_id: player, value: 1 }]);
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import {
  activeQuizResponseSchema,
  quizAnswerResponseSchema,
  quizAnsweredResponseSchema,
  quizStatusResponseSchema,
  type ActiveQuizResponse,
} from '../../shared/src/schemas/quiz';
import { ownRankingResponseSchema, rankingPageResponseSchema } from '../../shared/src/schemas/ranking';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/src/db/client';
import { quizRepository } from '../../functions/src/db/repositories/quiz-repository';
import { rankingRepository } from '../../functions/src/db/repositories/ranking-pages/ranking-repository';
import { resolveGame } from '../../functions/src/domain/ranking/io/ranking-tournament';
import { sampleQuizBank } from '../../scripts/seed/quiz-bank';
import { publishRankingsNow } from './support/rankings';
import { api, tokenFor } from './support/api';

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };

const player = async (name: string) => {
  const id = `quiz-${name}-${Date.now().toString(36)}`;
  return { id, token: await tokenFor(id) };
};

const status = async (token: string) => {
  const result = await api('GET', '/api/golf/user_golf_quiz_answer', { token });
  expect(result.status).toBe(200);
  return quizStatusResponseSchema.parse(result.body);
};

const start = async (token: string) => {
  const result = await api('POST', '/api/golf/quiz/start', { token });
  expect(result.status).toBe(200);
  return activeQuizResponseSchema.parse(result.body);
};

/** The correct choice, found as a player who knows golf would: by the text in the sample bank. */
const correctChoice = (active: ActiveQuizResponse) => {
  const entry = sampleQuizBank.find((q) => q.question === active.quiz.question)!;
  return active.quiz.golf_quiz_choices.find((c) => c.text === entry.choices[entry.answer])!.id;
};

const answer = (token: string, body: unknown) =>
  api('POST', '/api/golf/user_golf_quiz_answer/answer', { token, body });

describe('quiz', () => {
  it('asks 5 questions of the open round’s pool one at a time, tells nothing of the answers while the round’s quiz is open, and scores the attempt', async () => {
    const me = await player('full');
    const before = await status(me.token);
    expect(before).toMatchObject({ is_open: true, is_startable: true, retriable_minute_diff: 0, round: 4 });
    expect(before.user_answers).toEqual([]);

    let active = await start(me.token);
    expect(active.active_quiz_number).toBe(1);
    expect(active.quiz.golf_quiz_choices).toHaveLength(4);
    expect(active.remaining_ms).toBeLessThanOrEqual(30_000);
    // Nothing in a served question tells the answer.
    expect(JSON.stringify(active)).not.toMatch(/correct|explanation|answer"/);
    // Reloading serves the same question on the same clock.
    const again = activeQuizResponseSchema.parse(
      (await api('GET', '/api/golf/quiz', { token: me.token })).body,
    );
    expect(again.quiz.id).toBe(active.quiz.id);
    expect(again.attempt_id).toBe(active.attempt_id);

    const seen = new Set<string>();
    for (let n = 1; n <= 5; n++) {
      seen.add(active.quiz.id);
      const result = await answer(me.token, {
        attempt_id: active.attempt_id,
        quiz_id: active.quiz.id,
        choice_id: correctChoice(active),
      });
      expect(result.status).toBe(200);
      const body = quizAnswerResponseSchema.parse(result.body);
      // Received and timed; right or wrong is told once the round's quiz closes.
      expect(body.answer).toMatchObject({
        number: n,
        choice_id: correctChoice(active),
        correct_choice_id: null,
        is_correct: null,
        explanation: null,
        is_timeout: false,
      });
      expect(body.reveal_at).toBe(before.reveal_at);
      expect(body.is_finished).toBe(n === 5);
      if (n === 5) expect(body.result).toMatchObject({ score: null, is_best: null });
      else
        active = activeQuizResponseSchema.parse(
          (await api('GET', '/api/golf/quiz', { token: me.token })).body,
        );
    }
    expect(seen.size).toBe(5);

    const after = await status(me.token);
    expect(after).toMatchObject({ is_startable: false, in_progress: false, attempt_count: 1, best: null });
    expect(after.retriable_minute_diff).toBe(60);
    expect(after.last?.score).toBeNull();
    expect(after.user_answers).toHaveLength(5);
    expect(after.user_answers.every((a) => a.is_correct === null && a.correct_choice_id === null)).toBe(true);
    // The score is kept for the ranking, which shows the round once its quiz has closed.
    const stored = await quizRepository.getUserQuiz(me.id, active.game_global_id!, 4);
    expect(stored?.best?.score).toBe(5);
    expect(stored?.last?.answers.every((a) => a.is_correct)).toBe(true);
    const refused = await api<ErrorBody>('POST', '/api/golf/quiz/start', { token: me.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('60分');
    expect((await api('GET', '/api/golf/quiz', { token: me.token })).status).toBe(409);

    const answered = await api('GET', '/api/golf/user_golf_quiz_answer/answered?round=4', {
      token: me.token,
    });
    expect(answered.status).toBe(200);
    const result = quizAnsweredResponseSchema.parse(answered.body);
    expect(result).toMatchObject({ is_revealed: false, best: null, reveal_at: before.reveal_at });
    expect(result.last?.score).toBeNull();
    expect(result.user_answers.map((a) => a.number)).toEqual([1, 2, 3, 4, 5]);
    expect(result.user_answers.every((a) => a.explanation === null)).toBe(true);

    // A round whose quiz has closed shows the correct choices, the explanations and the scores.
    const sample = await tokenFor('sample-user-0001');
    const closed = quizAnsweredResponseSchema.parse(
      (await api('GET', '/api/golf/user_golf_quiz_answer/answered?round=1', { token: sample })).body,
    );
    expect(closed.is_revealed).toBe(true);
    expect(closed.last?.score).toBe(closed.user_answers.filter((a) => a.is_correct).length);
    expect(closed.best?.score).toBeGreaterThanOrEqual(closed.last!.score!);
    for (const shown of closed.user_answers) {
      const entry = sampleQuizBank.find((q) => q.question === shown.question)!;
      const correct = shown.golf_quiz_choices.find((c) => c.id === shown.correct_choice_id);
      expect(correct?.text).toBe(entry.choices[entry.answer]);
      expect(shown.explanation).toBe(entry.explanation);
    }
  });

  it('refuses bad answers with field errors and leaves the attempt as it was', async () => {
    const me = await player('bad');
    const active = await start(me.token);
    const valid = {
      attempt_id: active.attempt_id,
      quiz_id: active.quiz.id,
      choice_id: correctChoice(active),
    };
    for (const [body, field] of [
      [{ ...valid, choice_id: undefined }, 'choice_id'],
      [{ ...valid, quiz_id: 5 }, 'quiz_id'],
      [{ ...valid, attempt_id: 'x'.repeat(65) }, 'attempt_id'],
      [{}, 'attempt_id'],
    ] as const) {
      const result = await answer(me.token, body);
      expect(result.status).toBe(422);
      expect((result.body as ErrorBody).errors).toHaveProperty(field);
    }
    const unknownChoice = await answer(me.token, { ...valid, choice_id: 'c-forged' });
    expect(unknownChoice.status).toBe(422);
    expect((unknownChoice.body as ErrorBody).errors).toHaveProperty('choice_id');
    const otherQuestion = await answer(me.token, { ...valid, quiz_id: 'q-other' });
    expect(otherQuestion.status).toBe(409);
    const malformed = await api('POST', '/api/golf/user_golf_quiz_answer/answer', {
      token: me.token,
      rawBody: '{"attempt_id":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect((await api('POST', '/api/golf/quiz/start')).status).toBe(401);
    expect(
      (await api('GET', '/api/golf/user_golf_quiz_answer/answered?round=9', { token: me.token })).status,
    ).toBe(422);

    const stored = await quizRepository.getUserQuiz(me.id, active.game_global_id!, active.round!);
    expect(stored?.current?.answers).toEqual([]);
    // Another player cannot answer in this attempt.
    const other = await player('other');
    expect((await answer(other.token, valid)).status).toBe(409);
    expect((await quizRepository.getUserQuiz(me.id, active.game_global_id!, 4))?.current?.answers).toEqual(
      [],
    );
  });

  it('names the choices anew per attempt, so ids another account was shown name nothing', async () => {
    const scout = await player('scout');
    const learnt = new Map<string, string>();
    let active = await start(scout.token);
    for (let n = 1; n <= 5; n++) {
      const result = quizAnswerResponseSchema.parse(
        (
          await answer(scout.token, {
            attempt_id: active.attempt_id,
            quiz_id: active.quiz.id,
            choice_id: active.quiz.golf_quiz_choices[0]!.id,
          })
        ).body,
      );
      learnt.set(result.answer.quiz_id, result.answer.choice_id!);
      if (n < 5)
        active = activeQuizResponseSchema.parse(
          (await api('GET', '/api/golf/quiz', { token: scout.token })).body,
        );
    }
    const scripted = await player('scripted');
    active = await start(scripted.token);
    for (let n = 1; n <= 5; n++) {
      const body = { attempt_id: active.attempt_id, quiz_id: active.quiz.id };
      // The pool may ask this attempt a question the scout was not asked.
      const replayed = await answer(scripted.token, {
        ...body,
        choice_id: learnt.get(active.quiz.id) ?? 'c-unseen',
      });
      expect(replayed.status).toBe(422);
      expect((replayed.body as ErrorBody).errors).toHaveProperty('choice_id');
      expect((await answer(scripted.token, { ...body, choice_id: correctChoice(active) })).status).toBe(200);
      if (n < 5)
        active = activeQuizResponseSchema.parse(
          (await api('GET', '/api/golf/quiz', { token: scripted.token })).body,
        );
    }
  });

  it('records a double-clicked answer once', async () => {
    const me = await player('double');
    const active = await start(me.token);
    const body = { attempt_id: active.attempt_id, quiz_id: active.quiz.id, choice_id: correctChoice(active) };
    const results = await Promise.all([
      answer(me.token, body),
      answer(me.token, body),
      answer(me.token, body),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const stored = await quizRepository.getUserQuiz(me.id, active.game_global_id!, 4);
    expect(stored?.current?.answers).toHaveLength(1);
  });

  it('counts an answer that arrives after the time limit as time up', async () => {
    const me = await player('late');
    const active = await start(me.token);
    const stored = (await quizRepository.getUserQuiz(me.id, active.game_global_id!, 4))!;
    // The question was served 40 seconds ago by the server's clock.
    const servedAt = new Date(Date.now() - 40_000).toISOString();
    expect(
      await quizRepository.saveUserQuiz(
        { ...stored, current: { ...stored.current!, served_at: servedAt } },
        null,
      ),
    ).toBe(true);
    const result = await answer(me.token, {
      attempt_id: active.attempt_id,
      quiz_id: active.quiz.id,
      choice_id: correctChoice(active),
    });
    expect(result.status).toBe(200);
    expect(quizAnswerResponseSchema.parse(result.body).answer).toMatchObject({
      choice_id: null,
      is_correct: null,
      is_timeout: true,
      time_ms: 30_000,
    });
    const recorded = await quizRepository.getUserQuiz(me.id, active.game_global_id!, 4);
    expect(recorded?.current?.answers[0]).toMatchObject({ is_correct: false, is_timeout: true });
  });

  it('ranks best results per round once its quiz has closed: score, then time; the caller’s own row; rank jumps', async () => {
    const me = await player('ranked');
    let active = await start(me.token);
    for (let n = 1; n <= 5; n++) {
      await answer(me.token, {
        attempt_id: active.attempt_id,
        quiz_id: active.quiz.id,
        choice_id: correctChoice(active),
      });
      if (n < 5)
        active = activeQuizResponseSchema.parse(
          (await api('GET', '/api/golf/quiz', { token: me.token })).body,
        );
    }
    const operator = await tokenFor('quiz-operator', ['operators']);
    expect(
      (await api('POST', '/api/golf/ops/rankings/recompute', { token: operator, body: {} })).status,
    ).toBe(200);
    await publishRankingsNow();

    const current = await api('GET', '/api/golf/ranking/quiz');
    expect(current.headers.get('cache-control')).toContain('max-age=30');
    // The open round's board is published once its quiz closes: a rank would tell scores now.
    const board = rankingPageResponseSchema.parse(current.body);
    expect(board).toMatchObject({ active_round: 4, title: '正解数', is_provisional: true, rankings: [] });
    const own = ownRankingResponseSchema.parse(
      (await api('GET', '/api/golf/ranking/user_quiz?round=4', { token: me.token })).body,
    );
    expect(own).toMatchObject({ is_provisional: true, rankings: [] });

    const round1 = rankingPageResponseSchema.parse((await api('GET', '/api/golf/ranking/quiz?round=1')).body);
    expect(round1.is_provisional).toBe(false);
    expect(round1.rankings).toHaveLength(100);
    expect(round1.last_page).toBe(2);
    expect(round1.rankings[0]!.display_value).toMatch(/^\d問正解 \d+\.\d秒$/);
    round1.rankings.forEach((row, i) => {
      if (i === 0) return expect(row.rank).toBe(1);
      const before = round1.rankings[i - 1]!;
      expect(row.value).toBeLessThanOrEqual(before.value);
    });
    const jump = rankingPageResponseSchema.parse(
      (await api('GET', '/api/golf/ranking/quiz?round=1&rank=120')).body,
    );
    expect(jump.current_page).toBe(2);
    expect((await api('GET', '/api/golf/ranking/user_quiz?round=1', { token: me.token })).body).toMatchObject(
      {
        rankings: [],
      },
    );
    expect((await api('GET', '/api/golf/ranking/user_quiz')).status).toBe(401);
    expect((await api('GET', '/api/golf/ranking/quiz?round=abc')).status).toBe(422);
  });

  it('finds each player’s own quiz row from the board’s index and values, and keeps an unchanged board', async () => {
    const operator = await tokenFor('quiz-operator', ['operators']);
    const recompute = async () => {
      expect(
        (await api('POST', '/api/golf/ops/rankings/recompute', { token: operator, body: {} })).status,
      ).toBe(200);
      await publishRankingsNow();
      return (await rankingRepository.getPointer(await resolveGame(undefined, new Date())))!;
    };
    const first = await recompute();
    const board = first.scopes['1']!.quiz!;
    expect(board.entries).toBeGreaterThan(100);

    // Rows across the first page and the second: the player's own row is the page's row.
    const pages = await Promise.all(
      [1, 2].map(async (page) =>
        rankingPageResponseSchema.parse(
          (await api('GET', `/api/golf/ranking/quiz?round=1&page=${page}`)).body,
        ),
      ),
    );
    const rows = pages.flatMap((page) => page.rankings);
    for (const row of [0, 1, 37, 99, 100, rows.length - 1].map((i) => rows[i]!)) {
      const own = ownRankingResponseSchema.parse(
        (await api('GET', '/api/golf/ranking/user_quiz?round=1', { token: await tokenFor(row.user_id) }))
          .body,
      );
      expect(own.rankings, row.user_id).toEqual([{ ...row, is_withdrawn: false }]);
    }

    // No item per player: the board is its pages, one index and a few value buckets.
    const { Items = [] } = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'begins_with(PK, :user)',
        ExpressionAttributeValues: { ':user': 'RANKUSER#' },
      }),
    );
    expect(Items).toEqual([]);

    // Nothing changed in round 1's results: the next snapshot names the same board.
    const second = await recompute();
    expect(second.snapshot_id).not.toBe(first.snapshot_id);
    expect(second.scopes['1']!.quiz).toEqual(board);
    expect(
      rankingPageResponseSchema.parse((await api('GET', '/api/golf/ranking/quiz?round=1')).body).rankings,
    ).toEqual(pages[0]!.rankings);
  });

  it('lets operators publish a round’s questions, validated', async () => {
    const operator = await tokenFor('quiz-operator', ['operators']);
    const questions = sampleQuizBank.slice(0, 10);
    const me = await player('not-operator');
    // The last tournament of the sample season (no one has answered its quizzes).
    const season = (await status(me.token)).game_global_id!.split('-')[0];
    const body = { game_global_id: `${season}-09`, round: 2, questions };
    expect((await api('PUT', '/api/golf/ops/quiz', { token: me.token, body })).status).toBe(403);
    // A pool: one attempt's 5 questions are too few.
    const tooFew = await api<ErrorBody>('PUT', '/api/golf/ops/quiz', {
      token: operator,
      body: { ...body, questions: questions.slice(0, 5) },
    });
    expect(tooFew.status).toBe(422);
    expect(tooFew.body.errors?.['questions']).toEqual(['問題は10問以上にしてください。']);
    const duplicate = await api<ErrorBody>('PUT', '/api/golf/ops/quiz', {
      token: operator,
      body: {
        ...body,
        questions: [{ ...questions[0]!, choices: ['a', 'a', 'b', 'c'] }, ...questions.slice(1)],
      },
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors).toHaveProperty(['questions.0.choices']);
    expect(
      (await api('PUT', '/api/golf/ops/quiz', { token: operator, body: { ...body, game_global_id: 'none' } }))
        .status,
    ).toBe(404);
    const published = await api('PUT', '/api/golf/ops/quiz', { token: operator, body });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ question_count: 10, had_answers: false });
    const stored = await quizRepository.get(body.game_global_id, 2);
    expect(stored?.questions.map((q) => q.question)).toEqual(questions.map((q) => q.question));
  });
});

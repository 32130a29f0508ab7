/**
 * Sample quizzes: the current tournament's 4 rounds and the next tournament's, a pool of 10
 * questions each from the sample bank (no question in two pools), and the sample players' attempts at the current tournament's quizzes
 * (rounds 1-3 done, sample-user-0001 among them; the open round 4 partly, never by sample-user-0001,
 * so the documented player can take it). Attempts are played through the same functions as live ones, so they are complete.
 */
import { QUIZ_POOL_MIN } from '@golf/shared/schemas/quiz';
import {
  quizItem,
  quizScoreItem,
  userQuizItem,
  type QuizRecord,
  type UserQuizRecord,
} from '../../functions/src/db/repositories/quiz-repository';
import {
  answer,
  emptyUserQuiz,
  finish,
  newAttempt,
  serve,
} from '../../functions/src/domain/quiz/quiz-attempt';
import { quizRecordOf } from '../../functions/src/domain/quiz/quiz-service';
import type { SampleSeason } from './generate';
import { sampleQuizBank } from './quiz-bank';
import { SeededRandom } from './random';
import { SAMPLE_USER_COUNT, sampleUserId } from './teams';

/** How many sample players took each round's quiz of the current tournament. */
const takersPerRound = [150, 130, 110, 50];

function playAttempt(quiz: QuizRecord, random: SeededRandom, startedAt: Date, skill: number) {
  let attempt = newAttempt(quiz, `sample-${startedAt.getTime()}-${random.int(0, 1e6)}`, startedAt, () =>
    random.next(),
  );
  let at = startedAt.getTime();
  while (!attempt.finished_at) {
    attempt = serve(attempt, new Date(at));
    const question = attempt.questions[attempt.answers.length]!;
    const knows = random.chance(skill);
    const choice = knows ? question.correct_choice_id : random.pick(question.choices).id;
    const timeMs = random.chance(0.05) ? 31_000 : random.int(2_500, knows ? 14_000 : 27_000);
    at += timeMs;
    const outcome = answer(attempt, question.id, timeMs > 30_000 ? null : choice, new Date(at));
    if (outcome.kind !== 'answered') throw new Error(`sample attempt: ${outcome.kind}`);
    attempt = outcome.attempt;
    at += random.int(1_500, 6_000);
  }
  return attempt;
}

export function sampleQuizItems(season: SampleSeason, now: Date): Record<string, unknown>[] {
  const random = new SeededRandom(5_2026);
  const [current, next] = [season.tournaments[6]!, season.tournaments[7]!];
  const quizzes = [current, next].flatMap((tournament, t) =>
    [1, 2, 3, 4].map((round) =>
      quizRecordOf(
        {
          game_global_id: tournament.game_global_id,
          round,
          questions: sampleQuizBank.slice(
            (t * 4 + round - 1) * QUIZ_POOL_MIN,
            (t * 4 + round) * QUIZ_POOL_MIN,
          ),
        },
        now,
      ),
    ),
  );
  const items: Record<string, unknown>[] = quizzes.map(quizItem);
  takersPerRound.forEach((takers, index) => {
    const round = index + 1;
    const quiz = quizzes[index]!;
    const candidates = Array.from({ length: SAMPLE_USER_COUNT }, (_, i) => i + 1).filter(
      (n) => round < 4 || n !== 1,
    );
    const chosen = random.shuffle(candidates).slice(0, takers);
    // The documented player has taken every played round's quiz.
    if (round < 4 && !chosen.includes(1)) chosen[chosen.length - 1] = 1;
    for (const n of chosen) {
      const userId = sampleUserId(n);
      const skill = 0.35 + random.next() * 0.6;
      let record: UserQuizRecord = emptyUserQuiz(userId, current.game_global_id, round);
      const attempts = random.chance(0.3) ? 2 : 1;
      // The first attempt starts hours back; a second one at least the cool-down later.
      let startMs =
        now.getTime() - (round < 4 ? (5 - round) * 24 : 20) * 3_600_000 + random.int(0, 3) * 3_600_000;
      for (let a = 0; a < attempts; a++) {
        const attempt = playAttempt(quiz, random, new Date(startMs), skill);
        record = {
          ...finish({ ...record, current: attempt }, attempt).record,
          attempt_count: record.attempt_count + 1,
          last_started_at: attempt.started_at,
        };
        startMs += random.int(61, 180) * 60_000;
      }
      items.push(userQuizItem(record));
      const { score, total_time_ms, finished_at } = record.best!;
      items.push(
        quizScoreItem(current.game_global_id, round, { user_id: userId, score, total_time_ms, finished_at }),
      );
    }
  });
  return items;
}

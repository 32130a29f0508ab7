import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '../conditions';
import { db, tableName } from '../client';
import { fromItem } from '../item';
import { keys } from '../keys';
import { queryAll } from '../query-all';
import type { TableUse } from '../table-use';

export interface StoredQuizQuestion {
  id: string;
  question: string;
  /** In the order the operator wrote them. */
  choices: Array<{ id: string; text: string }>;
  correct_choice_id: string;
  explanation: string;
}

export interface QuizRecord {
  game_global_id: string;
  round: number;
  /** The round's pool: each attempt draws its questions from it. */
  questions: StoredQuizQuestion[];
  updated_at: string;
}

/** An answer as stored: its verdict and the correct choice, which players see once the quiz closes. */
export interface StoredQuizAnswer {
  number: number;
  quiz_id: string;
  question: string;
  golf_quiz_choices: Array<{ id: string; text: string }>;
  choice_id: string | null;
  correct_choice_id: string;
  is_correct: boolean;
  is_timeout: boolean;
  time_ms: number;
  explanation: string;
}

export interface QuizResult {
  score: number;
  total_time_ms: number;
  finished_at: string;
}

export interface QuizAttempt {
  attempt_id: string;
  started_at: string;
  /** The questions in the order this attempt asks them, each with its choices in shown order. */
  questions: StoredQuizQuestion[];
  /** When the question being asked now was first served; null until it is. */
  served_at: string | null;
  /** Answers in asking order; the question asked now is `questions[answers.length]`. */
  answers: StoredQuizAnswer[];
  finished_at: string | null;
}

export interface BestResult extends QuizResult {
  attempt_id: string;
}

export interface UserQuizRecord {
  user_id: string;
  game_global_id: string;
  round: number;
  attempt_count: number;
  last_started_at: string | null;
  current: QuizAttempt | null;
  last: QuizAttempt | null;
  best: BestResult | null;
  /** Optimistic lock: every write expects the version it read. */
  version: number;
}

/** A user's best result of a round, as the quiz ranking reads it. */
export interface QuizScoreRecord {
  user_id: string;
  score: number;
  total_time_ms: number;
  finished_at: string;
}

export const quizItem = (record: QuizRecord) => ({
  ...keys.quiz(record.game_global_id, record.round),
  entity: 'quiz',
  ...record,
});

export const userQuizItem = (record: UserQuizRecord) => ({
  ...keys.userQuiz(record.user_id, record.game_global_id, record.round),
  entity: 'user_quiz',
  ...record,
});

export const quizScoreItem = (gameGlobalId: string, round: number, record: QuizScoreRecord) => ({
  ...keys.quizScore(gameGlobalId, round, record.user_id),
  entity: 'quiz_score',
  ...record,
});

export const quizRepository = {
  async get(gameGlobalId: string, round: number): Promise<QuizRecord | null> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.quiz(gameGlobalId, round) }),
    );
    return Item ? fromItem<QuizRecord>(Item) : null;
  },

  async put(record: QuizRecord): Promise<void> {
    await db().send(new PutCommand({ TableName: tableName(), Item: quizItem(record) }));
  },

  async getUserQuiz(userId: string, gameGlobalId: string, round: number): Promise<UserQuizRecord | null> {
    const { Item } = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.userQuiz(userId, gameGlobalId, round),
        ConsistentRead: true,
      }),
    );
    return Item ? fromItem<UserQuizRecord>(Item) : null;
  },

  /**
   * Writes the record if it still has the version it was read with (the stored version moves on by
   * one), and with it the user's new best for the ranking. False when another request got there first.
   */
  async saveUserQuiz(record: UserQuizRecord, best: QuizScoreRecord | null): Promise<boolean> {
    const put = {
      TableName: tableName(),
      Item: userQuizItem({ ...record, version: record.version + 1 }),
      ConditionExpression: 'attribute_not_exists(PK) OR version = :version',
      ExpressionAttributeValues: { ':version': record.version },
    };
    try {
      if (!best) await db().send(new PutCommand(put));
      else
        await db().send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: put },
              {
                Put: {
                  TableName: tableName(),
                  Item: quizScoreItem(record.game_global_id, record.round, best),
                },
              },
            ],
          }),
        );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },

  /** Every user's best result of a round (the ranking job reads the whole partition). */
  async listScores(gameGlobalId: string, round: number): Promise<QuizScoreRecord[]> {
    const items = await queryAll<Record<string, unknown>>({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.quizScorePartition(gameGlobalId, round) },
    });
    return items.map((item) => fromItem<QuizScoreRecord>(item));
  },
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  quizItem: { write: ['QUIZ#'] },
  userQuizItem: { write: ['USER#'] },
  quizScoreItem: { write: ['QUIZSCORE#'] },
  quizRepository: {
    get: { read: ['QUIZ#'] },
    put: { write: ['QUIZ#'] },
    getUserQuiz: { read: ['USER#'] },
    saveUserQuiz: { write: ['QUIZSCORE#', 'USER#'] },
    listScores: { read: ['QUIZSCORE#'] },
  },
} satisfies TableUse<{
  quizRepository: typeof quizRepository;
  quizItem: typeof quizItem;
  userQuizItem: typeof userQuizItem;
  quizScoreItem: typeof quizScoreItem;
}>;

/**
 * What a route table row (or a job) may do in AWS. The CDK grants exactly this; the local stack
 * refuses any other call. Apart from the table (shared/src/contracts.ts), so that a Lambda that
 * enforces or reads the declaration does not bundle every row.
 */

/** The table's item actions each level allows (never Scan, never a table-level action). */
export const tableActions = {
  none: [],
  read: ['GetItem', 'BatchGetItem', 'Query'],
  write: [
    'GetItem',
    'BatchGetItem',
    'Query',
    'PutItem',
    'UpdateItem',
    'DeleteItem',
    'BatchWriteItem',
    'ConditionCheckItem',
  ],
} as const;
type TableAccess = keyof typeof tableActions;
/** Object actions on the uploads bucket's `uploads/` prefix (a presigned POST needs PutObject). */
type UploadAction = 'PutObject' | 'GetObject' | 'DeleteObject';
/** The private prefix of the uploads bucket where the ranking job keeps its inputs; the CDN never serves it. */
export const RANKING_INPUTS_PREFIX = 'ranking-inputs/';
/** Object actions on that prefix (the frozen teams of each round, read once and reused). */
type RankingInputAction = 'PutObject' | 'GetObject';
/** The user pool's actions the API calls; AdminAddUserToGroup only ever on operator routes. */
type UserPoolAction =
  | 'AdminInitiateAuth'
  | 'AdminRespondToAuthChallenge'
  | 'AdminCreateUser'
  | 'AdminSetUserPassword'
  | 'AdminUpdateUserAttributes'
  | 'AdminDeleteUser'
  | 'AdminAddUserToGroup'
  | 'ListUsers';

/**
 * The AWS access a function needs, declared once: the CDK grants exactly this, and the local stack
 * refuses any other call with the AccessDenied AWS would answer.
 */
export interface AwsAccess {
  table: TableAccess;
  uploads?: readonly UploadAction[];
  rankingInputs?: readonly RankingInputAction[];
  userPool?: readonly UserPoolAction[];
  /** Sends mail through SES from the configured sender only. */
  mail?: boolean;
  /** Starts the ranking job (an asynchronous invoke of its function) after changing results. */
  startsRankingJob?: boolean;
}

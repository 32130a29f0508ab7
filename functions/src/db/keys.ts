import { createHash } from 'node:crypto';

/**
 * Every key the table uses is built here and nowhere else (docs/data-model.md lists them).
 * Sort keys that order things pad numbers so string order is numeric order.
 */
const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/**
 * Ranking pages per partition key. A reader's range spans two consecutive pages at most, so each
 * shard also holds a copy of the next shard's first page: one Query still answers any page.
 */
export const rankingPagesPerShard = 100;

/** The shard holding a ranking page (1-based pages). */
export const rankingShard = (page: number) => Math.floor((page - 1) / rankingPagesPerShard);

/**
 * The shards of every key a team save writes or checks (a round's teams, the receipts due). At 1,000
 * saves a second, 2 write units a save spread over 64 keys is 31 units a second a key: 3.1% of a
 * partition's 1,000, and one key reaches its limit only near 1,000 / (2 / 64) = 32,000 saves a second
 * (docs/data-model.md, "Team saves").
 */
export const SAVE_SHARDS = 64;

/**
 * A user's save shard: the first 4 bytes of SHA-256(user id), unsigned big-endian, mod SAVE_SHARDS.
 * Stable forever: stored items sit under it, so changing it needs a migration.
 */
export const saveShard = (userId: string): number =>
  createHash('sha256').update(userId).digest().readUInt32BE(0) % SAVE_SHARDS;

const teamPartition = (gameGlobalId: string, round: number, shard: number) =>
  `TEAM#${gameGlobalId}#R${round}#S${shard}`;
const saveReceiptsDuePartition = (shard: number) => `RECEIPTS_DUE#S${shard}`;

const scoreChangePrefix = (gameGlobalId: string, round?: number) =>
  `SCORE_CHANGE#${gameGlobalId}#${round === undefined ? '' : `R${round}#`}`;

export const keys = {
  tournament: (gameGlobalId: string) => ({ PK: `TOURNAMENT#${gameGlobalId}`, SK: 'META' }),
  /** GSI1: every tournament, ordered by start date. */
  tournamentListing: (startOn: string, gameGlobalId: string) => ({
    GSI1PK: 'TOURNAMENTS',
    GSI1SK: `${startOn}#${gameGlobalId}`,
  }),
  /**
   * A shard of a round's gate (`SAVE_SHARDS` of them): the one item a team save checks, a copy of the
   * round's deadline and of the players who cannot be newly picked for it (under 1 KB). A save checks
   * the shard `saveShard(user)`, so a deadline minute's saves spread over the round's shards.
   */
  roundGate: (gameGlobalId: string, round: number, shard: number) => ({
    PK: `ROUNDLOCK#${gameGlobalId}#R${round}#${shard}`,
    SK: 'LOCK',
  }),
  /** The version of a round's gate: raised by every change of what it says, and the one written. */
  roundGateVersion: (gameGlobalId: string, round: number) => ({
    PK: `TOURNAMENT#${gameGlobalId}`,
    SK: `ROUND_GATE#R${round}`,
  }),
  fieldEntry: (gameGlobalId: string, playerId: string) => ({
    PK: `TOURNAMENT#${gameGlobalId}`,
    SK: `FIELD#${playerId}`,
  }),
  fieldPrefix: (gameGlobalId: string) => ({ PK: `TOURNAMENT#${gameGlobalId}`, SKPrefix: 'FIELD#' }),
  /** The lease of the one import (results, field, tournament file) writing a tournament's field at a time. */
  importLease: (gameGlobalId: string) => ({ PK: `TOURNAMENT#${gameGlobalId}`, SK: 'IMPORT_LEASE' }),
  player: (playerId: string) => ({ PK: `PLAYER#${playerId}`, SK: 'PROFILE' }),
  /** A user's team for one round, in the user's save shard; the round's 64 partitions list its teams. */
  team: (gameGlobalId: string, round: number, userId: string) => ({
    PK: teamPartition(gameGlobalId, round, saveShard(userId)),
    SK: `USER#${userId}`,
  }),
  teamPartition,
  /** Where a round's teams were stored before they were sharded (read only by the migration). */
  unshardedTeamPartition: (gameGlobalId: string, round: number) => `TEAM#${gameGlobalId}#R${round}`,
  /** A frozen round's teams in brief (how many, which players they pick), for operators' checks. */
  roundTeamsSummary: (gameGlobalId: string, round: number) => ({
    PK: `TEAMSUM#${gameGlobalId}`,
    SK: `R${round}`,
  }),
  /** Operator audit trail of a tournament (deadline moves, corrections, finals), in time order. */
  audit: (gameGlobalId: string, at: string, auditId: string) => ({
    PK: `AUDIT#${gameGlobalId}`,
    SK: `${at}#${auditId}`,
  }),
  auditPartition: (gameGlobalId: string) => `AUDIT#${gameGlobalId}`,
  prize: (prizeId: string) => ({ PK: `PRIZE#${prizeId}`, SK: 'META' }),
  /** GSI1: prizes of one kind, in display order. */
  prizeListing: (kind: string, order: number, prizeId: string) => ({
    GSI1PK: `PRIZES#${kind}`,
    GSI1SK: `${pad(order, 4)}#${prizeId}`,
  }),
  outboxMessage: (sentAt: string, messageId: string) => ({ PK: 'OUTBOX', SK: `${sentAt}#${messageId}` }),
  /** The local LINE outbox: messages pushed to LINE, in the order they were sent. */
  lineOutboxMessage: (sentAt: string, messageId: string) => ({
    PK: 'LINE_OUTBOX',
    SK: `${sentAt}#${messageId}`,
  }),
  guild: (guildId: string) => ({ PK: `GUILD#${guildId}`, SK: 'META' }),
  /** GSI1: public guilds, newest first (search filters names within it). */
  guildListing: (createdAt: string, guildId: string) => ({
    GSI1PK: 'GUILDS#PUBLIC',
    GSI1SK: `${createdAt}#${guildId}`,
  }),
  guildListingPartition: 'GUILDS#PUBLIC',
  /** GSI2: a guild by its current join code. */
  guildJoinCode: (code: string) => ({ GSI2PK: `GUILD_CODE#${code}`, GSI2SK: 'GUILD' }),
  guildMember: (guildId: string, userId: string) => ({ PK: `GUILD#${guildId}`, SK: `MEMBER#${userId}` }),
  guildMemberPrefix: (guildId: string) => ({ PK: `GUILD#${guildId}`, SKPrefix: 'MEMBER#' }),
  /** One per user: its existence is the "at most one guild" lock, written in every join's transaction. */
  guildMembership: (userId: string) => ({ PK: `USER#${userId}`, SK: 'GUILD_MEMBERSHIP' }),
  /**
   * One per user who has left a guild: his past memberships (guild, joined, left), written in the
   * leave's transaction, so rounds keep the members they had at their deadlines. Kept on withdrawal.
   */
  guildHistory: (userId: string) => ({ PK: `USER#${userId}`, SK: 'GUILD_HISTORY' }),
  guildChatMessage: (guildId: string, messageId: string) => ({
    PK: `GUILD_CHAT#${guildId}`,
    SK: `MSG#${messageId}`,
  }),
  guildChatPartition: (guildId: string) => `GUILD_CHAT#${guildId}`,
  /**
   * What the game already posted in a guild's chat, so that it posts nothing twice: one item per
   * member and round for team posts (`TEAM#{game}#R{round}#{user}`), one per round for results
   * (`RESULT#{game}#R{round}`).
   */
  guildGamePost: (guildId: string, marker: string) => ({ PK: `GUILD#${guildId}`, SK: `GAMEPOST#${marker}` }),
  /** The guild board a round's result posts were last written from (its digest), per tournament. */
  guildResultPostsRun: (gameGlobalId: string, round: number) => ({
    PK: `GAMEPOSTS#${gameGlobalId}`,
    SK: `R${round}`,
  }),
  /**
   * A player's share card of one round and results version (ranking snapshot): first the lease of
   * its one drawing, then the card's random token (where its image and page are) and its invite page.
   */
  shareCard: (userId: string, gameGlobalId: string, round: number, version: string) => ({
    PK: `SHARECARD#${userId}`,
    SK: `${gameGlobalId}#R${round}#${version}`,
  }),
  /** A fixed-window counter (expires by TTL) for per-user rate limits. */
  rateLimit: (action: string, userId: string, windowStart: number) => ({
    PK: `RATE#${action}#${userId}`,
    SK: `W#${windowStart}`,
  }),
  /** The user entity: profile fields, status, flags, `is_copy_next_round`; only the user repository reads it. */
  userProfile: (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
  /** Local identity: the login of one e-mail (user id, scrypt hash, groups). */
  login: (email: string) => ({ PK: `LOGIN#${email.toLowerCase()}`, SK: 'LOGIN' }),
  /** A mail link (stored by the SHA-256 of its token; single use, expires by TTL and by `expires_at`). */
  mailToken: (tokenHash: string) => ({ PK: `MAILTOKEN#${tokenHash}`, SK: 'TOKEN' }),
  /**
   * The generation of a player's password reset links: every link carries the one it was mailed in,
   * and a reset moves it on, so that one reset ends every other link.
   */
  resetLinks: (userId: string) => ({ PK: `USER#${userId}`, SK: 'RESET_LINKS' }),
  /**
   * The player a provider's account signs in as, for the providers whose sign-in the API runs
   * itself (LINE, X): by the provider's subject (LINE's `sub`, X's user id), never by an e-mail.
   */
  socialLogin: (provider: string, subject: string) => ({ PK: `SOCIAL#${provider}#${subject}`, SK: 'LOGIN' }),
  /** Written at withdrawal: the id never signs in or is created again. */
  withdrawnUser: (userId: string) => ({ PK: `USER#${userId}`, SK: 'WITHDRAWN' }),
  /** Sessions signed in before `not_before` are over (a password changed or reset). */
  sessionCutoff: (userId: string) => ({ PK: `USER#${userId}`, SK: 'SESSIONS' }),
  /**
   * An access token whose sign-in passed the second factor (an operator's TOTP code); expires by TTL
   * with the token. The operator routes' guard requires it (docs/adr/0026-operators-second-factor.md).
   */
  secondFactorSession: (userId: string, tokenId: string) => ({
    PK: `USER#${userId}`,
    SK: `SECOND_FACTOR#${tokenId}`,
  }),
  /** A signed-out access token (expires by TTL with the token); the auth path rejects it. */
  revokedToken: (tokenId: string) => ({ PK: `REVOKED#${tokenId}`, SK: 'TOKEN' }),
  /** A contact-form inquiry; one partition in time order (operators export by date). */
  contactEntry: (receivedAt: string, entryId: string) => ({ PK: 'CONTACT', SK: `${receivedAt}#${entryId}` }),
  contactPartition: 'CONTACT',
  /** A campaign entry; one partition per campaign, in time order. */
  campaignEntry: (campaignId: string, receivedAt: string, entryId: string) => ({
    PK: `CAMPAIGN#${campaignId}`,
    SK: `${receivedAt}#${entryId}`,
  }),
  campaignPartition: (campaignId: string) => `CAMPAIGN#${campaignId}`,
  /** One per business e-mail and campaign: its existence refuses a second entry. */
  campaignEntrant: (campaignId: string, email: string) => ({
    PK: `CAMPAIGN#${campaignId}`,
    SK: `ENTRANT#${email.toLowerCase()}`,
  }),
  topic: (topicId: string) => ({ PK: `TOPIC#${topicId}`, SK: 'META' }),
  /** GSI1: every topic by publication instant (scheduled ones sort after now). */
  topicListing: (publishedAt: string, topicId: string) => ({
    GSI1PK: 'TOPICS',
    GSI1SK: `${publishedAt}#${topicId}`,
  }),
  topicListingPartition: 'TOPICS',
  /** A tournament's lottery secrets with their commitments, and the seeds its draws took. */
  drawSeed: (gameGlobalId: string) => ({ PK: `DRAWSEED#${gameGlobalId}`, SK: 'META' }),
  /** The draw of one prize: seed, instant, operator, winners in order. */
  prizeDraw: (prizeId: string) => ({ PK: `PRIZE#${prizeId}`, SK: 'DRAW' }),
  /**
   * The prize state of a tournament (or of a season's yearly prizes): the version every prize change
   * raises and the lock of a draw under way. Prize ids never hold `#`, so no prize has this key.
   */
  prizeState: (scope: string) => ({ PK: `PRIZE#SCOPE#${scope}`, SK: 'STATE' }),
  /** A prize a user won, with its claim; the user's partition lists them. */
  prizeWin: (userId: string, prizeId: string) => ({ PK: `USER#${userId}`, SK: `PRIZE_WIN#${prizeId}` }),
  prizeWinPrefix: (userId: string) => ({ PK: `USER#${userId}`, SKPrefix: 'PRIZE_WIN#' }),
  /**
   * A ranking snapshot's page of rows: one scope (round) and board, 100 rows a page, spread over
   * partition keys of `rankingPagesPerShard` pages (so no key takes a board's whole publish).
   * `board`: `T{type}` (personal types 1-7), `GUILD`, `GUILD_TOP4`, `GM#{guild_id}` or `YEARLY`.
   */
  rankingPage: (
    snapshotId: string,
    round: number,
    board: string,
    page: number,
    shard = rankingShard(page),
  ) => ({
    PK: `RANK#${snapshotId}#R${round}#${board}#S${shard}`,
    SK: `P${pad(page, 6)}`,
  }),
  rankingPagePartition: (snapshotId: string, round: number, board: string, shard: number) =>
    `RANK#${snapshotId}#R${round}#${board}#S${shard}`,
  rankingPageSort: (page: number) => `P${pad(page, 6)}`,
  /**
   * Users' own values in one scope of a snapshot, a bucket of them per item (chosen by user id);
   * `set` `QUIZ` holds the round's quiz results, beside the personal types' values.
   */
  rankingValues: (snapshotId: string, round: number, bucket: number, set?: 'QUIZ') => ({
    PK: `RANKVAL#${snapshotId}#R${round}${set ? `#${set}` : ''}#B${bucket}`,
    SK: 'VALUES',
  }),
  /** The compact index of one board of a scope (entries per value); the partition holds the scope's. */
  rankingIndex: (snapshotId: string, round: number, board: string) => ({
    PK: `RANKIDX#${snapshotId}#R${round}`,
    SK: board,
  }),
  rankingIndexPartition: (snapshotId: string, round: number) => `RANKIDX#${snapshotId}#R${round}`,
  /** The 5 questions of one round's quiz; the partition holds a tournament's quizzes. */
  quiz: (gameGlobalId: string, round: number) => ({ PK: `QUIZ#${gameGlobalId}`, SK: `R${round}` }),
  /** A user's attempts at one round's quiz: the one under way, the last finished, the best. */
  userQuiz: (userId: string, gameGlobalId: string, round: number) => ({
    PK: `USER#${userId}`,
    SK: `QUIZ#${gameGlobalId}#R${round}`,
  }),
  /** A user's best quiz result of a round; the partition feeds the quiz ranking. */
  quizScore: (gameGlobalId: string, round: number, userId: string) => ({
    PK: `QUIZSCORE#${gameGlobalId}#R${round}`,
    SK: `USER#${userId}`,
  }),
  quizScorePartition: (gameGlobalId: string, round: number) => `QUIZSCORE#${gameGlobalId}#R${round}`,
  /** A bucket of users' season history in one tournament (scores, ranks after each round, points); no TTL. */
  seasonHistory: (gameGlobalId: string, bucket: number) => ({
    PK: `HISTORY#${gameGlobalId}`,
    SK: `B${pad(bucket, 5)}`,
  }),
  /** A tournament's season history: its rounds, entrants, bucket count and the digest of what it holds. */
  seasonHistoryMeta: (gameGlobalId: string) => ({ PK: `HISTORY#${gameGlobalId}`, SK: 'META' }),
  /** The tournament's current snapshot: switched only once a new snapshot is fully written. */
  rankingPointer: (gameGlobalId: string) => ({ PK: `RANKPTR#${gameGlobalId}`, SK: 'CURRENT' }),
  /** A tournament whose rankings lag a stored change; the partition lists what the job must publish. */
  rankingStale: (gameGlobalId: string) => ({ PK: 'RANKSTALE', SK: `GAME#${gameGlobalId}` }),
  rankingStalePartition: 'RANKSTALE',
  /**
   * An operator's action whose change records (why my score moved) the ranking job has still to
   * write: in the stale marks' partition, so the job's one look at what to do finds it too.
   */
  scoreChangeTask: (gameGlobalId: string, auditId: string) => ({
    PK: 'RANKSTALE',
    SK: `CHANGE#${gameGlobalId}#${auditId}`,
  }),
  scoreChangeTaskPrefix: (gameGlobalId?: string) =>
    `CHANGE#${gameGlobalId === undefined ? '' : `${gameGlobalId}#`}`,
  /** The ranking job's lease: one run at a time publishes. */
  rankingLease: { PK: 'RANKLEASE', SK: 'JOB' },
  /** A player's reminder settings; listed in GSI1 under `reminderSubscribers` while a channel is on. */
  reminderSettings: (userId: string) => ({ PK: `USER#${userId}`, SK: 'REMINDERS' }),
  reminderSubscribers: (userId: string) => ({ GSI1PK: 'REMINDER_SUBSCRIBERS', GSI1SK: userId }),
  reminderSubscribersPartition: 'REMINDER_SUBSCRIBERS',
  reminderUnsubscribe: (token: string) => ({ PK: `REMINDER_UNSUBSCRIBE#${token}`, SK: 'TOKEN' }),
  /**
   * One marker per reminder sent (time and channel), so a batch sent again sends nothing twice; in
   * the player's save shard (`saveShard`), so one reminder time's markers spread over 64 partitions.
   */
  reminderSent: (gameGlobalId: string, round: number, userId: string, hours: number, channel: string) => ({
    PK: `REMINDER_SENT#${gameGlobalId}#R${round}#S${saveShard(userId)}`,
    SK: `${userId}#${hours}#${channel}`,
  }),
  reminderLastRun: { PK: 'REMINDER_JOB', SK: 'LAST_RUN' },
  /** The subscribers by reminder time and channel, as the last planning pass counted them. */
  reminderSubscriberCounts: { PK: 'REMINDER_JOB', SK: 'SUBSCRIBER_COUNTS' },
  /** That a round's reminder time was planned (its batches queued). */
  reminderPlan: (gameGlobalId: string, round: number, hours: number) => ({
    PK: 'REMINDER_JOB',
    SK: `PLAN#${gameGlobalId}#R${round}#H${hours}`,
  }),
  /**
   * The batches waiting for a sender: one small item per batch (a range of subscribers, under 1 KB),
   * ordered by plan and batch number.
   */
  reminderQueuePartition: 'REMINDER_QUEUE',
  reminderBatch: (planId: string, batch: number) => ({
    PK: 'REMINDER_QUEUE',
    SK: `${planId}#B${pad(batch, 6)}`,
  }),
  /** A player's choice of the save receipt mail. */
  saveReceiptSettings: (userId: string) => ({ PK: `USER#${userId}`, SK: 'SAVE_RECEIPT' }),
  /** A receipt waiting for its team to stay unchanged, in the user's save shard; the job lists the 64. */
  saveReceiptsDuePartition,
  saveReceiptDue: (gameGlobalId: string, round: number, userId: string) => ({
    PK: saveReceiptsDuePartition(saveShard(userId)),
    SK: `${gameGlobalId}#R${round}#USER#${userId}`,
  }),
  /** Where the receipts due were stored before they were sharded (read only by the migration). */
  unshardedSaveReceiptsDuePartition: 'RECEIPTS_DUE',
  /** Why my score moved: a player's score changes, by tournament, round and time. */
  scoreChange: (userId: string, gameGlobalId: string, round: number, at: string, changeId: string) => ({
    PK: `USER#${userId}`,
    SK: `${scoreChangePrefix(gameGlobalId, round)}${at}#${changeId}`,
  }),
  scoreChangePrefix: (userId: string, gameGlobalId: string, round?: number) => ({
    PK: `USER#${userId}`,
    SKPrefix: scoreChangePrefix(gameGlobalId, round),
  }),
  /** A data migration applied to the table (functions/src/domain/migrations/registry.ts). */
  migration: (name: string) => ({ PK: 'MIGRATION', SK: name }),
  migrationPartition: 'MIGRATION',
  /** Another scheduled job's lease (carry-over, reminders): one run at a time, without reserved concurrency. */
  jobLease: (job: string) => ({ PK: 'JOBLEASE', SK: job }),
} as const;

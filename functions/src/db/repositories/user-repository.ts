import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { conditionHeld, unlessRefused, putNew } from '../conditions';
import { queryAll } from '../query-all';
import type { UserStatus } from '@golf/shared/schemas/account';
import { batchGetAll } from '../batch-get';
import { db, tableName } from '../client';
import { fromItem } from '../item';
import { keys } from '../keys';
import { copySettingAsOf, type CopySettingChange } from '@golf/shared/game/carry-over';
import type { TableUse } from '../table-use';
import type { SocialProvider } from '@golf/shared/schemas/social';

export interface UserRecord {
  user_id: string;
  email: string | null;
  nickname: string | null;
  gender: number | null;
  age: number | null;
  address: number | null;
  golf_play_history: number | null;
  profile_img_key: string | null;
  is_copy_next_round: boolean;
  /** The latest changes of `is_copy_next_round`, so the settlement reads it as of a deadline. */
  copy_next_round_changes?: CopySettingChange[];
  tutorial_flg: boolean;
  is_registed_email: boolean;
  is_accepted_policy: boolean;
  status: UserStatus;
  /**
   * The provider accounts the player signs in with, by provider: that provider's own id of them (LINE's
   * is the one its Messaging API pushes to). Whatever session the player is in, the account is linked.
   */
  linked_accounts?: Partial<Record<SocialProvider, string>>;
  /** The providers' accounts the player signs in with through the API's own sign-in (LINE, X). */
  social_logins?: SocialLink[];
  created_at: string;
  updated_at: string;
}

/** A provider's account, by the provider's subject (LINE's `sub`, X's user id). */
export interface SocialLink {
  provider: string;
  subject: string;
}

export interface LoginRecord {
  email: string;
  user_id: string;
  /** null for a player who signs in with a provider and registered the address only. */
  password_hash: string | null;
  groups: string[];
  /**
   * The local identity's TOTP (the user pool keeps its own): the enrolled secret (base32), the one
   * being enrolled, and the last time step a code was accepted for, so that a code works once.
   */
  totp_secret?: string | null;
  totp_pending_secret?: string | null;
  totp_last_step?: number;
}

export const userItem = (record: UserRecord) => ({
  ...keys.userProfile(record.user_id),
  entity: 'user',
  ...record,
});
/** A transaction's Put of a provider account's link to its player, unless the account is linked. */
const newSocialLogin = (link: SocialLink, userId: string) => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...keys.socialLogin(link.provider, link.subject),
      entity: 'social_login',
      ...link,
      user_id: userId,
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});
export const loginItem = (record: LoginRecord) => ({
  ...keys.login(record.email),
  entity: 'login',
  ...record,
});

/** A withdrawn player's name wherever their records stay (chat, rankings), as the terms say. */
export const WITHDRAWN_NICKNAME = '退会したユーザー';

export const userRepository = {
  async getUser(userId: string): Promise<UserRecord | null> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.userProfile(userId) }),
    );
    return Item && Item['entity'] === 'user' ? fromItem<UserRecord>(Item) : null;
  },

  async getLogin(email: string): Promise<LoginRecord | null> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.login(email) }));
    return Item ? fromItem<LoginRecord>(Item) : null;
  },

  /** Writes a new user unless one with that id exists (two first sign-ins at once); returns the stored one. */
  async createUserIfAbsent(record: UserRecord): Promise<UserRecord> {
    const created = await conditionHeld(
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: userItem(record),
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      ),
    );
    if (created) return record;
    const existing = await userRepository.getUser(record.user_id);
    if (!existing) throw new Error(`user ${record.user_id} exists under another entity`);
    return existing;
  },

  /** The player a provider's account is linked to; null when none is. */
  async getSocialLogin(link: SocialLink): Promise<string | null> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.socialLogin(link.provider, link.subject) }),
    );
    return typeof Item?.['user_id'] === 'string' ? Item['user_id'] : null;
  },

  /**
   * A player's first sign-in with a provider: the player and the link of the provider's account to
   * them, together; false when the account was linked meanwhile (two first sign-ins at once).
   */
  async createSocialPlayer(user: UserRecord, link: SocialLink): Promise<boolean> {
    const record = { ...user, social_logins: [link] };
    return conditionHeld(
      db().send(
        new TransactWriteCommand({
          TransactItems: [
            newSocialLogin(link, user.user_id),
            {
              Put: {
                TableName: tableName(),
                Item: userItem(record),
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      ),
    );
  },

  /**
   * Links a provider's account to an existing player (one whose earlier sign-ins went through the
   * user pool's federation); false when the account is linked already or the player is gone.
   */
  async linkSocialLogin(userId: string, link: SocialLink): Promise<boolean> {
    return conditionHeld(
      db().send(
        new TransactWriteCommand({
          TransactItems: [
            newSocialLogin(link, userId),
            {
              Update: {
                TableName: tableName(),
                Key: keys.userProfile(userId),
                UpdateExpression:
                  'SET social_logins = list_append(if_not_exists(social_logins, :none), :link)',
                ConditionExpression: 'entity = :user',
                ExpressionAttributeValues: { ':none': [], ':link': [link], ':user': 'user' },
              },
            },
          ],
        }),
      ),
    );
  },

  /** Signs a token out until it would have expired anyway. */
  async revokeToken(tokenId: string, expiresAt: number): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.revokedToken(tokenId), entity: 'revoked', expiresAt },
      }),
    );
  },

  /**
   * What the auth path of a protected route makes of a session: `refused` when its token was signed
   * out, its player has withdrawn, or it was signed in before the player's sessions were cut (another
   * than the one kept); with `registration`, `unregistered` when the player has not finished sign-up
   * (policy accepted, e-mail registered, profile entered). One BatchGetItem of those records.
   */
  async checkSession(
    session: { tokenId: string; userId: string; issuedAt: number },
    options: { registration: boolean; secondFactor?: boolean },
  ): Promise<'ok' | 'refused' | 'unregistered' | 'no_second_factor'> {
    const cutoff = keys.sessionCutoff(session.userId);
    const profile = keys.userProfile(session.userId);
    const secondFactor = keys.secondFactorSession(session.userId, session.tokenId);
    const wanted = [
      ...(session.tokenId ? [keys.revokedToken(session.tokenId)] : []),
      keys.withdrawnUser(session.userId),
      cutoff,
      ...(options.registration ? [profile] : []),
      ...(options.secondFactor && session.tokenId ? [secondFactor] : []),
    ];
    const items = await batchGetAll(wanted, {
      projection: 'PK, SK, not_before, kept_token, #status, is_accepted_policy, is_registed_email',
      names: { '#status': 'status' },
      consistentRead: true,
    });
    const is = (item: Record<string, unknown>, key: { PK: string; SK: string }) =>
      item['PK'] === key.PK && item['SK'] === key.SK;
    const refused = items.some((item) => {
      if (is(item, profile) || is(item, secondFactor)) return false;
      if (!is(item, cutoff)) return true;
      const kept = Boolean(session.tokenId) && item['kept_token'] === session.tokenId;
      return !kept && session.issuedAt < Number(item['not_before']);
    });
    if (refused) return 'refused';
    if (options.secondFactor && !items.some((item) => is(item, secondFactor))) return 'no_second_factor';
    if (!options.registration) return 'ok';
    const player = items.find((item) => is(item, profile));
    const registered =
      player?.['status'] === 'complete' &&
      player['is_accepted_policy'] === true &&
      player['is_registed_email'] === true;
    return registered ? 'ok' : 'unregistered';
  },

  /** The session of this token passed the second factor, until the token expires (epoch seconds). */
  async recordSecondFactor(userId: string, tokenId: string, expiresAt: number): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.secondFactorSession(userId, tokenId), entity: 'second_factor', expiresAt },
      }),
    );
  },

  /** Local identity: a secret being enrolled, replacing any other not yet confirmed. */
  async setPendingTotp(email: string, secret: string): Promise<boolean> {
    return conditionHeld(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.login(email),
          UpdateExpression: 'SET totp_pending_secret = :secret',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':secret': secret },
        }),
      ),
    );
  },

  /**
   * Local identity: the pending secret becomes the login's TOTP, its code's step used; false when
   * another secret was asked for since or a TOTP is already enrolled.
   */
  async enableTotp(email: string, secret: string, step: number): Promise<boolean> {
    return conditionHeld(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.login(email),
          UpdateExpression: 'SET totp_secret = :secret, totp_last_step = :step REMOVE totp_pending_secret',
          ConditionExpression: 'totp_pending_secret = :secret AND attribute_not_exists(totp_secret)',
          ExpressionAttributeValues: { ':secret': secret, ':step': step },
        }),
      ),
    );
  },

  /**
   * Local identity: takes a code's time step for the login. A step at or before the last one taken
   * is refused inside the write, so a code (or an older one) never signs in twice, even at once.
   */
  async takeTotpStep(email: string, step: number): Promise<boolean> {
    return conditionHeld(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.login(email),
          UpdateExpression: 'SET totp_last_step = :step',
          ConditionExpression: 'attribute_exists(totp_secret) AND totp_last_step < :step',
          ExpressionAttributeValues: { ':step': step },
        }),
      ),
    );
  },

  /** Local identity: the login's TOTP removed (a lost device); its next sign-in enrols again. */
  async removeTotp(email: string): Promise<boolean> {
    return conditionHeld(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.login(email),
          UpdateExpression: 'REMOVE totp_secret, totp_pending_secret, totp_last_step',
          ConditionExpression: 'attribute_exists(PK)',
        }),
      ),
    );
  },

  /** Nicknames and profile images of these users (shown beside their guild posts and ranks). */
  async profilesOf(
    userIds: readonly string[],
  ): Promise<Map<string, { nickname?: string; profile_img_url?: string }>> {
    const items = await batchGetAll(userIds.map(keys.userProfile), {
      projection: 'PK, nickname, profile_img_url',
    });
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    return new Map(
      items.map((item) => [
        String(item['PK']).slice('USER#'.length),
        { nickname: text(item['nickname']), profile_img_url: text(item['profile_img_url']) },
      ]),
    );
  },

  /** How these users are named to operators: the nickname, else the e-mail address (users with either). */
  async namesOf(userIds: readonly string[]): Promise<Map<string, string>> {
    const items = await batchGetAll(userIds.map(keys.userProfile), {
      projection: 'user_id, nickname, email',
    });
    const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
    return new Map(
      items.flatMap((item) => {
        const name = text(item['nickname']) ?? text(item['email']);
        return name ? [[String(item['user_id']), name] as const] : [];
      }),
    );
  },

  /** The e-mail addresses of these users, for those who registered one. */
  async emailsOf(userIds: readonly string[]): Promise<Map<string, string>> {
    const items = await batchGetAll(userIds.map(keys.userProfile), { projection: 'user_id, email' });
    return new Map(
      items
        .filter((item) => typeof item['email'] === 'string' && item['email'])
        .map((item) => [String(item['user_id']), String(item['email'])]),
    );
  },

  /**
   * `is_copy_next_round` of the user's profile (a missing profile means off); with `asOf` (a round's
   * deadline), the value it had then.
   */
  async copyNextRound(userId: string, asOf?: string): Promise<boolean> {
    const { Item } = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.userProfile(userId),
        ProjectionExpression: 'is_copy_next_round, copy_next_round_changes',
      }),
    );
    const current = Item?.['is_copy_next_round'] === true;
    if (asOf === undefined) return current;
    const changes = (Item?.['copy_next_round_changes'] ?? []) as CopySettingChange[];
    return copySettingAsOf(current, changes, asOf);
  },

  /**
   * Ends the player's sessions signed in up to `now` (a password changed or reset), all but the
   * token `keep` (the one that changed it, if any). Tokens say when they were issued in whole seconds,
   * so every token of the cut's own second is refused too: `not_before` is the next second.
   */
  async cutSessions(userId: string, now: Date, keep: string | null): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.sessionCutoff(userId),
          entity: 'session_cutoff',
          not_before: Math.floor(now.getTime() / 1000) + 1,
          kept_token: keep,
        },
      }),
    );
  },

  /** The first instant (epoch ms) at which a new token of the player is accepted; 0 when never cut. */
  async sessionsValidFrom(userId: string): Promise<number> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.sessionCutoff(userId), ConsistentRead: true }),
    );
    return Item ? Number(Item['not_before']) * 1000 : 0;
  },

  async updateUserFields(
    userId: string,
    fields: Partial<Omit<UserRecord, 'user_id' | 'created_at'>>,
    now: Date,
  ): Promise<UserRecord | null> {
    const entries = Object.entries({ ...fields, updated_at: now.toISOString() });
    const updated = await unlessRefused(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.userProfile(userId),
          UpdateExpression: 'SET ' + entries.map((_, i) => `#f${i} = :v${i}`).join(', '),
          ConditionExpression: 'entity = :user',
          ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
          ExpressionAttributeValues: {
            ':user': 'user',
            ...Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
          },
          ReturnValues: 'ALL_NEW',
        }),
      ),
      null,
    );
    return updated?.Attributes ? fromItem<UserRecord>(updated.Attributes) : null;
  },

  /**
   * A new player and their e-mail login, written together; false when the address is already taken
   * (nothing is written then).
   */
  async createUserWithLogin(user: UserRecord, login: LoginRecord): Promise<boolean> {
    return conditionHeld(
      db().send(
        new TransactWriteCommand({
          TransactItems: [putNew(userItem(user)), putNew(loginItem(login))],
        }),
      ),
    );
  },

  /**
   * Adds a group to a login's groups: 'added', 'already' when the login has it, 'missing' when no
   * login has the address. The player's next sign-in answers a token carrying it.
   */
  async addLoginGroup(email: string, group: string): Promise<'added' | 'already' | 'missing'> {
    const added = await conditionHeld(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.login(email),
          UpdateExpression: 'SET #groups = list_append(if_not_exists(#groups, :none), :group)',
          ConditionExpression: 'attribute_exists(PK) AND NOT contains(#groups, :name)',
          ExpressionAttributeNames: { '#groups': 'groups' },
          ExpressionAttributeValues: { ':none': [], ':group': [group], ':name': group },
        }),
      ),
    );
    if (added) return 'added';
    return (await this.getLogin(email)) ? 'already' : 'missing';
  },

  /** Sets a login's password hash; false when there is no login for the address. */
  async setLoginPassword(email: string, passwordHash: string): Promise<boolean> {
    return conditionHeld(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.login(email),
          UpdateExpression: 'SET password_hash = :hash',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':hash': passwordHash },
        }),
      ),
    );
  },

  /**
   * Moves a player to a new address in one transaction: the new login (the old one's password and
   * groups, or none), the old login removed, and the profile's e-mail set. A player still at
   * `mail_verify` moves on to `required_not_enter`. False when the new address is taken.
   */
  async moveLogin(input: {
    user: UserRecord;
    to: string;
    from: LoginRecord | null;
    now: Date;
  }): Promise<boolean> {
    const { user, to, from, now } = input;
    const status = user.status === 'mail_verify' ? 'required_not_enter' : user.status;
    return conditionHeld(
      db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName(),
                Item: loginItem({
                  email: to.toLowerCase(),
                  user_id: user.user_id,
                  password_hash: from?.password_hash ?? null,
                  groups: from?.groups ?? [],
                  ...(from?.totp_secret
                    ? { totp_secret: from.totp_secret, totp_last_step: from.totp_last_step ?? 0 }
                    : {}),
                }),
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            ...(from
              ? [
                  {
                    Delete: {
                      TableName: tableName(),
                      Key: keys.login(from.email),
                      ConditionExpression: 'user_id = :user',
                      ExpressionAttributeValues: { ':user': user.user_id },
                    },
                  },
                ]
              : []),
            {
              Update: {
                TableName: tableName(),
                Key: keys.userProfile(user.user_id),
                UpdateExpression:
                  'SET email = :email, is_registed_email = :yes, #status = :status, updated_at = :at',
                ConditionExpression: 'entity = :user',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: {
                  ':email': to,
                  ':yes': true,
                  ':status': status,
                  ':at': now.toISOString(),
                  ':user': 'user',
                },
              },
            },
          ],
        }),
      ),
    );
  },

  /**
   * Undoes createUserWithLogin or moveLogin when what follows them fails (the user pool's side): the
   * login added for `addedEmail` goes, and the profile and the previous login are put back as they
   * were (no profile before: it goes too). Only the player's own records are touched.
   */
  async undoLoginWrite(input: {
    userId: string;
    addedEmail: string;
    previousUser: UserRecord | null;
    previousLogin: LoginRecord | null;
  }): Promise<void> {
    const own = {
      ConditionExpression: 'attribute_not_exists(PK) OR user_id = :user',
      ExpressionAttributeValues: { ':user': input.userId },
    };
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName(), Key: keys.login(input.addedEmail), ...own } },
          input.previousUser
            ? { Put: { TableName: tableName(), Item: userItem(input.previousUser) } }
            : { Delete: { TableName: tableName(), Key: keys.userProfile(input.userId), ...own } },
          ...(input.previousLogin
            ? [{ Put: { TableName: tableName(), Item: loginItem(input.previousLogin), ...own } }]
            : []),
        ],
      }),
    );
  },

  /** The withdrawal marker: the id is never created or signed in again. */
  async isWithdrawn(userId: string): Promise<boolean> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.withdrawnUser(userId), ProjectionExpression: 'PK' }),
    );
    return Boolean(Item);
  },

  /** Which of these ids have withdrawn (their withdrawal markers, read in batches). */
  async withdrawnAmong(userIds: readonly string[]): Promise<Set<string>> {
    const unique = [...new Set(userIds)];
    if (!unique.length) return new Set();
    const items = await batchGetAll(unique.map(keys.withdrawnUser), { projection: 'PK' });
    return new Set(items.map((item) => String(item['PK']).slice('USER#'.length)));
  },

  /**
   * Removes everything personal kept under the player (profile, won prizes and their claim addresses,
   * quiz attempts, settings) and their login, and leaves the withdrawal marker. Teams, scores, quiz
   * results and past guild memberships stay, so rankings keep the entry (shown as withdrawn).
   */
  async deleteUserData(input: {
    userId: string;
    email: string | null;
    /** The providers' accounts linked to the player: free to sign in as a new player again. */
    socialLogins: readonly SocialLink[];
    reason: string | null;
    now: Date;
  }): Promise<void> {
    const own = await queryAll<Record<string, unknown>>({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.userProfile(input.userId).PK },
      ProjectionExpression: 'PK, SK',
    });
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.withdrawnUser(input.userId),
          entity: 'withdrawn_user',
          withdrawn_at: input.now.toISOString(),
          reason: input.reason,
        },
      }),
    );
    // A player's own partition is small (profile, guild lock, prizes won, quiz rounds). His past
    // guild memberships stay with his teams: the rounds they counted for keep counting them.
    const kept = new Set([keys.withdrawnUser(input.userId).SK, keys.guildHistory(input.userId).SK]);
    await Promise.all(
      own
        .filter((item) => !kept.has(String(item['SK'])))
        .map((item) =>
          db().send(new DeleteCommand({ TableName: tableName(), Key: { PK: item['PK'], SK: item['SK'] } })),
        ),
    );
    for (const link of input.socialLogins)
      await conditionHeld(
        db().send(
          new DeleteCommand({
            TableName: tableName(),
            Key: keys.socialLogin(link.provider, link.subject),
            ConditionExpression: 'attribute_not_exists(PK) OR user_id = :user',
            ExpressionAttributeValues: { ':user': input.userId },
          }),
        ),
      );
    // A login the address has since moved to (another user's) stays.
    if (input.email)
      await conditionHeld(
        db().send(
          new DeleteCommand({
            TableName: tableName(),
            Key: keys.login(input.email),
            ConditionExpression: 'attribute_not_exists(PK) OR user_id = :user',
            ExpressionAttributeValues: { ':user': input.userId },
          }),
        ),
      );
  },
};

/** The partitions each function reads, writes and queries by index (functions/src/db/table-use.ts). */
export const tableUse = {
  userItem: { write: ['USER#'] },
  loginItem: { write: ['LOGIN#'] },
  userRepository: {
    getUser: { read: ['USER#'] },
    getLogin: { read: ['LOGIN#'] },
    createUserIfAbsent: { write: ['USER#'] },
    getSocialLogin: { read: ['SOCIAL#'] },
    createSocialPlayer: { write: ['SOCIAL#', 'USER#'] },
    linkSocialLogin: { write: ['SOCIAL#', 'USER#'] },
    revokeToken: { write: ['REVOKED#'] },
    checkSession: { read: ['REVOKED#', 'USER#'] },
    recordSecondFactor: { write: ['USER#'] },
    setPendingTotp: { write: ['LOGIN#'] },
    enableTotp: { write: ['LOGIN#'] },
    takeTotpStep: { write: ['LOGIN#'] },
    removeTotp: { write: ['LOGIN#'] },
    profilesOf: { read: ['USER#'] },
    namesOf: { read: ['USER#'] },
    emailsOf: { read: ['USER#'] },
    copyNextRound: { read: ['USER#'] },
    cutSessions: { write: ['USER#'] },
    sessionsValidFrom: { read: ['USER#'] },
    updateUserFields: { write: ['USER#'] },
    createUserWithLogin: { write: ['LOGIN#', 'USER#'] },
    addLoginGroup: { write: ['LOGIN#'] },
    setLoginPassword: { write: ['LOGIN#'] },
    moveLogin: { write: ['LOGIN#', 'USER#'] },
    undoLoginWrite: { write: ['LOGIN#', 'USER#'] },
    isWithdrawn: { read: ['USER#'] },
    withdrawnAmong: { read: ['USER#'] },
    deleteUserData: { write: ['LOGIN#', 'SOCIAL#', 'USER#'] },
  },
} satisfies TableUse<{
  userRepository: typeof userRepository;
  userItem: typeof userItem;
  loginItem: typeof loginItem;
}>;

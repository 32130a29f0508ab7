/**
 * The players the screen tests sign in as, written into the table by the suite's global setup
 * (tests/screens/global-setup.ts) with a token each: every one registered by e-mail, policy accepted,
 * profile complete, then with `user`'s stored fields, and in the operators' group when `operator`.
 * A test that changes a player's stored state (a team, a guild, a claim) uses a player of its own
 * here, so the files stay independent of each other and of their order.
 */
export interface ScreenPlayerRow {
  /** Stored fields of the user record (functions/src/db/repositories/user-repository.ts). */
  user?: Record<string, unknown>;
  /** In the operators' group; `password-only`: signed in without the authenticator app set up yet. */
  operator?: boolean | 'password-only';
  /**
   * Signs in as this user of the sample season (scripts/seed/teams.ts, `sample-user-NNNN`) instead of
   * a new player, for a screen of what the season holds for him (his rank, his guild): only to read.
   */
  sampleUser?: string;
}

export const screenPlayers = {
  /** A complete player who changes nothing. */
  player: { user: { nickname: 'テスト' } },

  // Community (guilds, rankings, quiz, season charts: frontend/test/screens/{guild,ranking,quiz,season}.test.tsx).
  /** Makes a code guild through the form, then edits it. */
  guildOwner: { user: { nickname: 'マスター' } },
  /** Joins that guild by its code, chats, then leaves. */
  guildMember: { user: { nickname: 'メンバー' } },
  /** A member of a sample guild ranked below others (scripts/seed/guilds.ts). */
  guildRival: { sampleUser: 'sample-user-0094' },
  /** A member of the sample season's top guild. */
  topGuildMember: { sampleUser: 'sample-user-0083' },
  /** Ranked on the second page (50 a page) of the live round's personal ranking. */
  rankedPlayer: { sampleUser: 'sample-user-0198' },
  /** Ranked on the second page of the yearly ranking. */
  yearlyPlayer: { sampleUser: 'sample-user-0049' },
  /** Ranked on the first page of round 1's quiz ranking. */
  quizRanked: { sampleUser: 'sample-user-0097' },
  /** Takes the open round's quiz. */
  quizTaker: {},
  /** Has neither taken a quiz nor played a round. */
  newcomer: {},
  /** A sample player with a season of rounds behind him. */
  seasonPlayer: { sampleUser: 'sample-user-0005' },

  // Accounts (frontend/test/screens/auth-guards.test.tsx, mypage.test.tsx, forms.test.tsx).
  /** Its token is revoked by the test that reads the 401 that follows. */
  accountsRevoked: {},
  accountsNoPolicy: { user: { status: 'required_not_enter', is_accepted_policy: false } },
  accountsNoProfile: { user: { status: 'required_not_enter' } },
  /** Fills the sign-up profile and reloads its confirmation, without sending it. */
  accountsConfirmReload: { user: { status: 'required_not_enter' } },
  accountsNoEmail: {
    user: { status: 'mail_verify', is_registed_email: false, is_accepted_policy: false, email: null },
  },
  /** Switches carry-over on and off. */
  accountsMypage: { user: { nickname: 'マイページ太郎' } },
  /** Changes the deadline reminders' channels and times. */
  accountsReminders: {},
  /** Goes through the tutorial to its end. */
  accountsTutorial: { user: { tutorial_flg: false } },
  /** Skips the tutorial on the registration's last page. */
  accountsTutorialNew: { user: { tutorial_flg: false } },
  /** Reads the stored form entries through the operators' exports. */
  accountsOperator: { operator: true },

  // The operator console (frontend/test/screens/ops.test.tsx).
  /** Opens the console's forms; its saves are answered by the test, so nothing is stored. */
  opsConsole: { operator: true },
  /** An operator at the first sign-in: the console sends them to set up the authenticator app. */
  opsFirstSignIn: { operator: 'password-only' },

  // game (frontend/test/screens/game.test.tsx)
  /** Picks round 4 teams. */
  gamePicker: {},
  /** Double-taps 選択する. */
  gameDoubleTap: {},
  /** Turns the e-mail receipt on and saves round 4 teams. */
  gameReceipt: {},
  /** Registered mid-tournament; saves a round 4 team. */
  gameLateJoin: {},
  /** The documented sample player (scripts/seed/guilds.ts): teams in the season, a guild member. */
  gameSample: { sampleUser: 'sample-user-0001' },
} as const satisfies Record<string, ScreenPlayerRow>;

export type ScreenPlayer = keyof typeof screenPlayers;

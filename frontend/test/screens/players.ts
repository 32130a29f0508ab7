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
  operator?: boolean;
}

export const screenPlayers = {
  /** A complete player who changes nothing. */
  player: { user: { nickname: 'テスト' } },
} as const satisfies Record<string, ScreenPlayerRow>;

export type ScreenPlayer = keyof typeof screenPlayers;

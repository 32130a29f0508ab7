/**
 * Who may call what, generated from the route table: six callers (a visitor, a player, another
 * player, a guild member, the guild's owner and an operator) call every route with the same ids
 * (the owner's guild, the member's user id). A route that may change what the next one sees gets a
 * world of its own; the reads and the operators' routes share one, built once (`sharedWorld`).
 *
 * Adding a route: add a row to `matrix` below, naming who gets past its access check. Most rows are
 * one of the presets (`everyone`, `signedIn`, `operators`, `guildOwner`, `guildMembers`); a route
 * without a row fails the first test, so a new route is never left unchecked.
 */
import { describe, expect, it } from 'vitest';
import { routeList, type RouteDefinition } from '../../shared/src/contracts';
import { ownedGuildSchema } from '../../shared/src/schemas/guild';
import { api, baseUrl, tokenFor } from './support/api';

const roles = ['visitor', 'player', 'other', 'member', 'owner', 'operator'] as const;
type Role = (typeof roles)[number];
/** 'ok': past the access check (any answer but 401 and 403, never a 5xx); or the refusal expected. */
type Outcome = 'ok' | 401 | 403;
type Row = Record<Role, Outcome>;

const everyone: Row = { visitor: 'ok', player: 'ok', other: 'ok', member: 'ok', owner: 'ok', operator: 'ok' };
const signedIn: Row = { ...everyone, visitor: 401 };
const operators: Row = { visitor: 401, player: 403, other: 403, member: 403, owner: 403, operator: 'ok' };
const guildOwner: Row = { ...operators, owner: 'ok', operator: 403 };
const guildMembers: Row = { ...guildOwner, member: 'ok' };

const matrix: Record<string, Row> = {
  getMasterList: everyone,
  getCampaignMasterList: everyone,
  getGolfMasterList: everyone,
  getTournamentScore: everyone,
  getGameClock: everyone,
  createAuthToken: everyone,
  answerTotpChallenge: everyone,
  // A player's route, whose service refuses anyone outside the operators' group.
  startTotpSetup: operators,
  verifyTotpSetup: signedIn,
  resetOperatorTotp: operators,
  deleteAuthToken: signedIn,
  getSocialAuthorize: everyone,
  createSocialToken: everyone,
  getUserMe: signedIn,
  acceptUserPolicy: signedIn,
  finishUserTutorial: signedIn,
  toggleUserCopyNextRound: signedIn,
  startRegistration: everyone,
  verifyRegistration: everyone,
  startEmailRegistration: signedIn,
  getUserEmail: signedIn,
  startEmailChange: signedIn,
  completeEmailChange: everyone,
  startPasswordReset: everyone,
  checkPasswordResetLink: everyone,
  resetPassword: everyone,
  changePassword: signedIn,
  confirmUserProfile: signedIn,
  registerUserProfile: signedIn,
  updateUserProfile: signedIn,
  withdrawUser: signedIn,
  getRoundView: signedIn,
  getRoundField: everyone,
  getLiveRound: everyone,
  getPlayerDetail: everyone,
  saveTeam: signedIn,
  savePick: signedIn,
  createShareCard: signedIn,
  deletePick: signedIn,
  previewAiTeam: everyone,
  saveAiTeam: signedIn,
  // Round 1 is past its deadline: every player's team is open to every player.
  getUserTeam: signedIn,
  getMyScore: signedIn,
  getScoreChanges: signedIn,
  getSeasonHistory: signedIn,
  importTournament: operators,
  saveTournament: operators,
  importField: operators,
  savePrize: operators,
  listOpsPrizes: operators,
  retirePrize: operators,
  importResults: operators,
  markRoundFinal: operators,
  moveDeadline: operators,
  getOpsRoundResults: operators,
  getOpsAuditLog: operators,
  correctResult: operators,
  withdrawPlayer: operators,
  cancelRound: operators,
  cancelTournament: operators,
  runCarryOver: operators,
  runMigrations: operators,
  getReminderSettings: signedIn,
  updateReminderSettings: signedIn,
  getSaveReceiptSettings: signedIn,
  updateSaveReceiptSettings: signedIn,
  unsubscribeReminders: everyone,
  unsubscribeRemindersOneClick: everyone,
  openUnsubscribeLink: everyone,
  sendReminders: operators,
  listTournaments: operators,
  previewPrizeDraw: operators,
  exportPrizeWinners: operators,
  confirmGuild: signedIn,
  createGuild: signedIn,
  updateGuild: guildOwner,
  fetchManagedGuild: guildOwner,
  regenerateGuildCode: guildOwner,
  getMyGuild: signedIn,
  listGuilds: signedIn,
  // A listed guild: anyone signed in may see it and try to join it.
  showGuild: signedIn,
  joinGuild: signedIn,
  joinGuildByCode: signedIn,
  leaveGuild: guildMembers,
  listGuildMembers: signedIn,
  kickGuildMember: guildOwner,
  // A listed guild's standing against its neighbours: anyone signed in who may see the guild.
  getGuildVersus: signedIn,
  listGuildChat: guildMembers,
  postGuildChat: guildMembers,
  // Asked for a prize image (validBodies): operators only; a guild or profile image, anyone signed in (upload.test.ts).
  presignUpload: operators,
  getPersonalRanking: everyone,
  getOwnRanking: signedIn,
  getGuildRanking: everyone,
  getGuildTop4Ranking: everyone,
  getGuildMemberRanking: signedIn,
  getYearlyRanking: everyone,
  getOwnYearlyRanking: signedIn,
  getQuizRanking: everyone,
  getOwnQuizRanking: signedIn,
  recomputeRankings: operators,
  getRankingStatus: operators,
  getQuizStatus: signedIn,
  startQuiz: signedIn,
  getActiveQuiz: signedIn,
  answerQuiz: signedIn,
  getAnsweredQuiz: signedIn,
  publishQuiz: operators,
  sendContact: everyone,
  confirmCampaignEntry: everyone,
  storeCampaignEntry: everyone,
  exportContacts: operators,
  exportCampaignEntries: operators,
  listTopics: everyone,
  publishTopics: operators,
  withdrawTopic: operators,
  listWonPrizes: signedIn,
  listPrizeWinners: everyone,
  getDrawVerification: everyone,
  confirmPrizeClaim: signedIn,
  claimPrize: signedIn,
  drawPrizes: operators,
  listDevOutbox: everyone,
  getDevJwks: everyone,
  createDevOperator: operators,
  createDevOpsCliSession: everyone,
};

/**
 * Bodies that pass validation, for the routes whose check of who may act comes after it (it needs
 * the stored guild): the check must be reached to be tested. Other routes get `{}`.
 */
const validBodies: Record<string, unknown> = {
  updateGuild: { name: '改名', comment: '', entry_type: 1, is_public: true },
  postGuildChat: { message: 'こんにちは' },
  presignUpload: { purpose: 'prize', content_type: 'image/png' },
};

/** The order of the calls: the member and the owner last, as leaving or kicking changes the guild. */
const callOrder: Role[] = ['visitor', 'player', 'other', 'operator', 'member', 'owner'];

const run = Date.now().toString(36);
let worlds = 0;

/** Six callers and a listed, open guild of the owner with one member. */
async function world() {
  const n = ++worlds;
  const id = (role: Role) => `matrix-${run}-${n}-${role}`;
  const tokens = {
    visitor: undefined,
    player: await tokenFor(id('player')),
    other: await tokenFor(id('other')),
    member: await tokenFor(id('member')),
    owner: await tokenFor(id('owner')),
    operator: await tokenFor(id('operator'), ['operators']),
  } satisfies Record<Role, string | undefined>;
  const created = await api('POST', '/api/golf/guild/create', {
    token: tokens.owner,
    body: { name: `表${n}`, comment: '', entry_type: 1, is_public: true },
  });
  const guild = ownedGuildSchema.parse(created.body);
  expect((await api('POST', `/api/golf/guild/${guild.guild_id}/join`, { token: tokens.member })).status).toBe(
    200,
  );
  const params: Record<string, string> = {
    id: guild.guild_id,
    user_id: id('member'),
    round: '1',
    draft: '1',
    type: 'condition',
    provider: 'google',
    list: 'gender',
    token: 'x'.repeat(43),
    player_id: 'p-0001',
  };
  return { tokens, params };
}

type World = Awaited<ReturnType<typeof world>>;

let shared: Promise<World> | undefined;
/**
 * The world of the routes whose calls leave the callers and the guild as they were: the reads, and
 * the operators' routes, which every other caller is refused at the access check and whose
 * operator acts on the game's tournaments, prizes and content, not on the callers or the guild.
 * Any other route (a sign-out, a setting flipped, a guild joined, left or renamed, an account
 * withdrawn) gets a fresh world: the callers there are as `world` made them.
 */
const sharedWorld = (): Promise<World> => (shared ??= world());
const leavesTheWorldAsItWas = (route: RouteDefinition) =>
  route.method === 'GET' || route.access === 'operator';

const concrete = (path: string, params: Record<string, string>) =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));

describe('access matrix', () => {
  const table = routeList();

  it('has a row for every route of the route table, and none for a route that is gone', () => {
    const missing = table.filter((route) => !matrix[route.name]).map((route) => route.name);
    expect(missing, 'add a row to the access matrix for each of these routes').toEqual([]);
    const names = new Set(table.map((route) => route.name as string));
    expect(Object.keys(matrix).filter((name) => !names.has(name))).toEqual([]);
  });

  it('agrees with the access the route table declares', () => {
    for (const route of table) {
      const row = matrix[route.name];
      if (!row) continue;
      if (route.access === 'public') expect(row.visitor, route.name).toBe('ok');
      else expect(row.visitor, route.name).toBe(401);
      if (route.access === 'operator') expect(row, route.name).toEqual(operators);
    }
  });

  it.each(table.map((route) => [route.name, route] as const))('%s', async (_, route) => {
    const row = matrix[route.name];
    if (!row) return;
    const { tokens, params } = await (leavesTheWorldAsItWas(route) ? sharedWorld() : world());
    const seen: Record<string, number> = {};
    for (const role of callOrder) {
      // Only the status counts here (CSV exports and the like answer no JSON).
      const response = await fetch(baseUrl + concrete(route.path, params), {
        method: route.method,
        headers: {
          ...(tokens[role] ? { authorization: `Bearer ${tokens[role]}` } : {}),
          ...(route.method === 'GET' || route.method === 'DELETE'
            ? {}
            : { 'content-type': 'application/json' }),
        },
        ...(route.method === 'GET' || route.method === 'DELETE'
          ? {}
          : { body: JSON.stringify(validBodies[route.name] ?? {}) }),
      });
      await response.arrayBuffer();
      seen[role] = response.status;
    }
    const outcome = (status: number): Outcome | number =>
      status === 401 || status === 403 ? status : status >= 200 && status < 500 ? 'ok' : status;
    expect(
      Object.fromEntries(roles.map((role) => [role, outcome(seen[role]!)])),
      JSON.stringify(seen),
    ).toEqual(row);
  });
});

/**
 * Frozen teams (docs/data-model.md): once a round's deadline has passed and its teams are settled
 * (carry-over and AUTO replacements written) or its results are final, nobody can change its teams
 * but a new settlement, which only a moved deadline brings. The ranking job then reads the round's
 * teams once, keeps them as one gzip'd object (user ids and each team's 4 players as indexes), and
 * every later run scores them from that object and the field's results: no team item is read again.
 * The object carries the round's stamp (deadline and settlement); a round settled again, or a moved
 * deadline, gives another stamp, and the next run reads the teams again and replaces the object.
 */
import { draftSlots, type TeamPick } from '@golf/shared/game/team';
import type { TournamentRecord } from '@golf/shared/schedule/tournament-record';
import { teamRepository, type TeamRecord } from '@golf/functions/db/repositories/team-repository';
import {
  decodeKept,
  encodeKept,
  readRankingInput,
  writeRankingInput,
} from '@golf/functions/lib/ranking-inputs';
import { freezeStamp } from '../../game/round-entries';

/** 2: each team's save time kept (the prize draw's tie-break); an object of format 1 is read again. */
const FORMAT = 2;
const EMPTY = -1;

/** One round's teams in columns: user i's slot s holds players[picks[4 i + s - 1]] (-1: empty). */
export interface FrozenRound {
  format: typeof FORMAT;
  game_global_id: string;
  round: number;
  stamp: string;
  users: string[];
  players: string[];
  picks: number[];
  /** saved[i]: user i's team's last save, epoch milliseconds (0: unknown). */
  saved: number[];
}

/** The round's teams with at least one pick, in columns (users sorted, players in first-seen order). */
export function freezeTeams(
  teams: readonly Pick<TeamRecord, 'user_id' | 'picks' | 'last_saved_at'>[],
  context: { gameGlobalId: string; round: number; stamp: string },
): FrozenRound {
  const players: string[] = [];
  const indexOf = new Map<string, number>();
  const withPicks = teams.filter((team) => team.picks.length > 0);
  withPicks.sort((a, b) => (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0));
  const picks = new Array<number>(withPicks.length * 4).fill(EMPTY);
  withPicks.forEach((team, i) => {
    for (const pick of team.picks) {
      let index = indexOf.get(pick.player_id);
      if (index === undefined) {
        index = players.push(pick.player_id) - 1;
        indexOf.set(pick.player_id, index);
      }
      picks[i * 4 + pick.slot - 1] = index;
    }
  });
  return {
    format: FORMAT,
    game_global_id: context.gameGlobalId,
    round: context.round,
    stamp: context.stamp,
    users: withPicks.map((team) => team.user_id),
    players,
    picks,
    saved: withPicks.map((team) => Date.parse(team.last_saved_at) || 0),
  };
}

/**
 * The teams of a frozen round as the scoring reads them. The AUTO marks and sources are not kept: a
 * team's score depends on its players only. Save times are given back when asked (the prize draw).
 */
export function* thawTeams(frozen: FrozenRound, withSaveTimes = false): Generator<TeamRecord> {
  for (let i = 0; i < frozen.users.length; i++) {
    const picks: TeamPick[] = [];
    for (const slot of draftSlots) {
      const index = frozen.picks[i * 4 + slot - 1]!;
      if (index !== EMPTY) picks.push({ slot, player_id: frozen.players[index]!, auto: false });
    }
    yield {
      game_global_id: frozen.game_global_id,
      round: frozen.round,
      user_id: frozen.users[i]!,
      picks,
      source: 'manual',
      last_saved_at: withSaveTimes && frozen.saved[i] ? new Date(frozen.saved[i]!).toISOString() : '',
      version: 0,
    };
  }
}

/** holders[i]: how many of the frozen round's teams pick players[i]. */
function holdersOf(frozen: Pick<FrozenRound, 'players' | 'picks'>): number[] {
  const holders = new Array<number>(frozen.players.length).fill(0);
  for (const index of frozen.picks) if (index !== EMPTY) holders[index]!++;
  return holders;
}

export const frozenTeamsName = (gameGlobalId: string, round: number) =>
  `teams/${encodeURIComponent(gameGlobalId)}/R${round}.json.gz`;

export const encodeFrozenRound = (frozen: FrozenRound) => encodeKept(frozen);

/** The frozen round stored, or null when it is of another format or unreadable (read again then). */
export const decodeFrozenRound = (bytes: Uint8Array) => decodeKept<FrozenRound>(bytes, FORMAT);

/** The round's frozen object when it has the round's current stamp; null when the teams must be read. */
async function currentFrozen(record: TournamentRecord, round: number, now: Date) {
  const stamp = freezeStamp(record.rounds[round - 1]!, now);
  if (stamp === null) return { stamp, frozen: null };
  const stored = await readRankingInput(frozenTeamsName(record.game_global_id, round));
  const frozen = stored && decodeFrozenRound(stored);
  const current = frozen && frozen.stamp === stamp && frozen.game_global_id === record.game_global_id;
  return { stamp, frozen: current ? frozen : null };
}

/**
 * A round's teams with their save times, for a reader that may not write the frozen object (the
 * prize draw): from the object when it is current, else from the round's team items.
 */
export async function frozenOrStoredTeams(
  record: TournamentRecord,
  round: number,
  now: Date,
): Promise<TeamRecord[]> {
  const { frozen } = await currentFrozen(record, round, now);
  if (frozen) return [...thawTeams(frozen, true)];
  return teamRepository.listRound(record.game_global_id, round);
}

/**
 * A round's teams for the ranking: from its frozen object when the round is frozen and the object
 * has its stamp; otherwise read from the table (and, once the round is frozen, kept for later runs).
 */
export async function roundTeams(record: TournamentRecord, round: number, now: Date): Promise<FrozenRound> {
  const gameGlobalId = record.game_global_id;
  const { stamp, frozen: current } = await currentFrozen(record, round, now);
  if (current) return current;
  const name = frozenTeamsName(gameGlobalId, round);
  const teams = await teamRepository.listRound(gameGlobalId, round);
  const frozen = freezeTeams(teams, { gameGlobalId, round, stamp: stamp ?? '' });
  if (stamp !== null) {
    await writeRankingInput(name, encodeFrozenRound(frozen), 'application/gzip');
    // The operators' checks read this instead of the round's teams (domain/game/round-entries.ts).
    await teamRepository.putSummary({
      game_global_id: gameGlobalId,
      round,
      stamp,
      teams: frozen.users.length,
      players: frozen.players,
      holders: holdersOf(frozen),
    });
  }
  return frozen;
}

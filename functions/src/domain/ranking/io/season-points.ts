/**
 * The yearly points the season's other tournaments give, kept between runs. The yearly board of a
 * tournament's snapshot adds the points of every tournament of its season; the tournaments before
 * it are finished, and scoring each again (its teams, its field) on every run of the live one would
 * cost as much as the live one's own scopes, once more per tournament played. So the job keeps their
 * sum, per season and per tournament it was left out for, as one gzip'd object among its inputs,
 * with the key of what it was built from: each of those tournaments' record, field and rounds'
 * freeze stamps. A finished tournament changes only through an operator (a correction, a moved
 * deadline, a round settled again), which changes its key; the next run then scores them again.
 * Tournaments still in play beside the live one are never kept: they are scored on every run.
 */
import { isBeforeDeadline } from '@golf/shared/game/lock';
import type { TournamentRecord } from '@golf/shared/schedule/tournament-record';
import { tournamentRepository } from '@golf/functions/db/repositories/tournament-repository';
import {
  decodeKept,
  encodeKept,
  readRankingInput,
  writeRankingInput,
} from '@golf/functions/lib/ranking-inputs';
import { freezeStamp } from '../../game/round-entries';
import { canonical } from '../../game/stable-equal';
import { digest, isFinished } from '../rules/ranking-scope';
import type { SortedPoints } from '../rules/yearly-standings';

const FORMAT = 1;

/** The points of a season's tournaments but one, each user's summed (users in order). */
export interface KeptSeasonPoints extends SortedPoints {
  format: typeof FORMAT;
  season_id: number;
  /** The tournament whose runs add these to its own points. */
  except: string;
  key: string;
}

export const seasonPointsName = (seasonId: number, except: string) =>
  `season/${seasonId}/points-except-${encodeURIComponent(except)}.json.gz`;

export const encodeSeasonPoints = (kept: KeptSeasonPoints) => encodeKept(kept);

/** The kept points stored, or null when they are of another format or unreadable (scored again then). */
export const decodeSeasonPoints = (bytes: Uint8Array) => decodeKept<KeptSeasonPoints>(bytes, FORMAT);

/** A round's stamp for the key: `cancelled`, its freeze stamp, or null when its teams may still change. */
const roundStamp = (round: TournamentRecord['rounds'][number], now: Date) =>
  round.cancelled ? 'cancelled' : freezeStamp(round, now);

/**
 * The key of what the other tournaments' points are built from, or null when one of them may still
 * change without an operator (not finished, or a played round not frozen): then nothing is kept.
 */
export async function seasonPointsKey(
  others: readonly TournamentRecord[],
  now: Date,
): Promise<string | null> {
  const parts: unknown[] = [];
  const byId = [...others].sort((a, b) => a.game_global_id.localeCompare(b.game_global_id, 'en'));
  for (const tournament of byId) {
    if (!isFinished(tournament)) return null;
    const stamps = tournament.rounds
      .filter((round) => !isBeforeDeadline(now.toISOString(), round.deadline_at))
      .map((round) => roundStamp(round, now));
    if (stamps.includes(null)) return null;
    parts.push([tournament, await tournamentRepository.field(tournament.game_global_id), stamps]);
  }
  return digest(canonical([FORMAT, parts]));
}

/** The kept points of the other tournaments when they were built from what `key` names; else null. */
export async function keptSeasonPoints(seasonId: number, except: string, key: string) {
  const stored = await readRankingInput(seasonPointsName(seasonId, except));
  const kept = stored && decodeSeasonPoints(stored);
  return kept && kept.key === key && kept.season_id === seasonId && kept.except === except ? kept : null;
}

/** Keeps the other tournaments' points (summed) for the next runs. */
export async function keepSeasonPoints(seasonId: number, except: string, key: string, points: SortedPoints) {
  const kept: KeptSeasonPoints = { format: FORMAT, season_id: seasonId, except, key, ...points };
  await writeRankingInput(seasonPointsName(seasonId, except), encodeSeasonPoints(kept), 'application/gzip');
}

/**
 * Yearly points (docs/game-rules.md, Yearly points): a tournament gives each entrant
 *   floor(1000 x (N - rank + 1) / N)
 * where N = users with a team in at least one (non-cancelled) round and rank is the user's shared
 * tournament rank (1..N). A cancelled tournament gives no points. The yearly score is the sum, higher
 * is better.
 *
 * Integer maths only. With a = 1000 x (N - rank + 1):
 *   - a is an integer <= 1000 x N; for N <= SAFE_ENTRANTS it is below 2^53, so it is exact as a double;
 *   - r = a % N is exact (the remainder of two exact integers is always exact in IEEE arithmetic);
 *   - a - r is an exact integer multiple of N below 2^53, and dividing an exact multiple gives the
 *     exact integer quotient (it is representable, and IEEE division is correctly rounded).
 * So no floating-point rounding ever enters. Beyond SAFE_ENTRANTS the same formula runs in BigInt.
 */

export const MAX_POINTS = 1000;

/** Largest N for which 1000 x N stays a safe integer. */
export const SAFE_ENTRANTS = Math.floor(Number.MAX_SAFE_INTEGER / MAX_POINTS);

/** Points for `rank` (1-based, shared on ties) among `entrants` users. */
export function yearlyPoints(rank: number, entrants: number): number {
  if (!Number.isSafeInteger(entrants) || entrants < 1) {
    throw new RangeError(`entrants must be a positive integer, got ${entrants}`);
  }
  if (!Number.isSafeInteger(rank) || rank < 1 || rank > entrants) {
    throw new RangeError(`rank must be an integer in 1..${entrants}, got ${rank}`);
  }
  if (entrants > SAFE_ENTRANTS) {
    const n = BigInt(entrants);
    return Number((BigInt(MAX_POINTS) * (n - BigInt(rank) + 1n)) / n);
  }
  const a = MAX_POINTS * (entrants - rank + 1);
  return (a - (a % entrants)) / entrants;
}

/**
 * Users who entered a tournament: a team in at least one round that was not cancelled.
 */
export function tournamentEntrants(
  rounds: Iterable<{ cancelled: boolean; userIdsWithTeam: Iterable<string> }>,
): Set<string> {
  const entrants = new Set<string>();
  for (const round of rounds) {
    if (round.cancelled) continue;
    for (const userId of round.userIdsWithTeam) entrants.add(userId);
  }
  return entrants;
}

/**
 * Points of one tournament for each ranked entrant. `ranked` holds every entrant once with his shared
 * tournament rank (so N = ranked.length); a cancelled tournament gives an empty map.
 */
export function tournamentYearlyPoints(
  ranked: readonly { user_id: string; rank: number }[],
  options: { cancelled: boolean },
): Map<string, number> {
  const points = new Map<string, number>();
  if (options.cancelled) return points;
  for (const entry of ranked) {
    if (points.has(entry.user_id)) throw new RangeError(`user ranked twice: ${entry.user_id}`);
    points.set(entry.user_id, yearlyPoints(entry.rank, ranked.length));
  }
  return points;
}

/** One formatter for every row: `toLocaleString` builds a new one on each call. */
const pointsFormat = new Intl.NumberFormat('ja-JP');

/** `1,234pt`: a user's yearly points as the yearly ranking shows them. */
export const formatYearlyPoints = (points: number) => `${pointsFormat.format(points)}pt`;

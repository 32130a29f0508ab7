import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankingsOf, seasonArb, type Season } from '../ranking/rules/season.test-support';
import { prizeEntrants } from './prize-entrants';

/**
 * The entrants of the season's started rounds that are not cancelled, after each has been checked to
 * score what the SCORE ranking (type 1) shows on the round tab of the last round started.
 */
function entrantsScoredAsRanked(season: Season) {
  const started = season.record.rounds.filter((r) => Date.parse(r.deadline_at) <= season.now.getTime());
  const played = started.filter((r) => !r.cancelled).map((r) => r.round);
  fc.pre(played.length > 0);
  const { entrants } = prizeEntrants(
    season.record,
    season.field,
    played,
    played.map((round) => season.teams[round - 1]!),
    season.now,
  );
  const standings = rankingsOf(season, season.now).tabs.get(started.at(-1)!.round)!.get(1)!;
  for (const entrant of entrants)
    expect(entrant.score, entrant.userId).toBe(standings.get(entrant.userId) ?? null);
  return { played, entrants };
}

describe('a prize draw’s entrants', () => {
  it('score what the SCORE ranking shows them at the tournament’s end, on random finished seasons', () => {
    fc.assert(
      fc.property(seasonArb({ finished: true }), (season) => {
        const { played, entrants } = entrantsScoredAsRanked(season);
        // Everyone with a team in a played round is an entrant.
        const withTeam = new Set(
          played.flatMap((round) => season.teams[round - 1]!.map((team) => team.user_id)),
        );
        expect(entrants.map((entrant) => entrant.userId).sort()).toEqual([...withTeam].sort());
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it('score what the SCORE ranking shows them at any point of a season: rounds under way, teams missing', () => {
    fc.assert(
      fc.property(seasonArb(), (season) => void entrantsScoredAsRanked(season)),
      { seed: 11, numRuns: 300 },
    );
  });
});

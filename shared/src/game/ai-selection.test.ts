import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlayerStats } from './ai-selection';
import { aiScore, pickTeam, rankPlayers, replaceIneligible, UNKNOWN_TO_PAR } from './ai-selection';
import { playerWithStats } from './player-stats.test-support';

const player = (player_id: string, extra: Partial<PlayerStats> = {}): PlayerStats =>
  playerWithStats(player_id, { season_avg_to_par: 0, to_par_stddev: 3, birdie_rate: 3.5, ...extra });

describe('AI selection formulas', () => {
  it('condition weights recent rounds 5,4,3,2,1 (70%) and the season average (30%)', () => {
    const p = player('p', { recent_to_par: [-5, 0, 0, 0, 0, 9], season_avg_to_par: 1 });
    // R = (5 x -5) / 15 = -5/3; 0.7R + 0.3 x 1 = -0.866667
    expect(aiScore('condition', p)).toBeCloseTo(-0.866667, 6);
    expect(aiScore('condition', player('q', { season_avg_to_par: null }))).toBe(UNKNOWN_TO_PAR);
  });

  it('stability is average + sd; chance is average - sd - 0.5 x (birdies - 3.5)', () => {
    const p = player('p', { season_avg_to_par: -1, to_par_stddev: 2, birdie_rate: 4.5 });
    expect(aiScore('stability', p)).toBe(1);
    expect(aiScore('chance', p)).toBe(-3.5);
  });

  it('falls back to the sample sd of recent rounds', () => {
    const p = player('p', { to_par_stddev: null, season_avg_to_par: 0, recent_to_par: [-2, 2] });
    expect(aiScore('stability', p)).toBeCloseTo(Math.sqrt(8), 6);
  });

  it('each mode picks differently: steady player for stability, volatile for chance', () => {
    const steady = player('steady', { season_avg_to_par: -1, to_par_stddev: 1 });
    const wild = player('wild', { season_avg_to_par: -1, to_par_stddev: 4, birdie_rate: 5 });
    const hot = player('hot', { season_avg_to_par: 0.5, recent_to_par: [-6, -5, -4] });
    const field = [steady, wild, hot, player('x1'), player('x2'), player('x3')];
    expect(rankPlayers('stability', field)[0]).toBe('steady');
    expect(rankPlayers('chance', field)[0]).toBe('wild');
    expect(rankPlayers('condition', field)[0]).toBe('hot');
  });

  it('breaks ties by player id and skips excluded players', () => {
    const field = ['d', 'b', 'a', 'e', 'c', 'f'].map((id) => player(id));
    expect(pickTeam('condition', field)).toEqual(['a', 'b', 'c', 'd']);
    expect(pickTeam('condition', field, ['b'])).toEqual(['a', 'c', 'd', 'e']);
    expect(() => pickTeam('condition', field.slice(0, 3))).toThrow(RangeError);
  });

  it('is deterministic and independent of input order (property)', () => {
    const statsArb = fc.record({
      season_avg_to_par: fc.option(fc.integer({ min: -30, max: 30 }).map((n) => n / 10)),
      to_par_stddev: fc.option(fc.integer({ min: 5, max: 50 }).map((n) => n / 10)),
      birdie_rate: fc.option(fc.integer({ min: 10, max: 60 }).map((n) => n / 10)),
      recent_to_par: fc.array(fc.integer({ min: -8, max: 10 }), { maxLength: 6 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.string({ minLength: 1, maxLength: 4 }), statsArb), {
          minLength: 4,
          maxLength: 20,
          selector: ([id]) => id,
        }),
        fc.constantFrom('condition' as const, 'stability' as const, 'chance' as const),
        (entries, mode) => {
          const players = entries.map(([id, s]) => player(id, s));
          const team = pickTeam(mode, players);
          expect(pickTeam(mode, [...players].reverse())).toEqual(team);
          expect(new Set(team).size).toBe(4);
        },
      ),
    );
  });
});

describe('replaceIneligible', () => {
  const field = ['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => player(id, { season_avg_to_par: i }));

  it('replaces ineligible players slot by slot with the best remaining, skipping the team', () => {
    const eligible = field.filter((p) => p.player_id !== 'c');
    // 'x' is not in the field, 'c' withdrew; best remaining not on the team are 'b', then 'e'.
    expect(replaceIneligible(['x', 'a', 'c', 'd'], eligible)).toEqual(['b', 'a', 'e', 'd']);
  });

  it('is idempotent', () => {
    const eligible = field.filter((p) => p.player_id !== 'a');
    const once = replaceIneligible(['a', 'b', 'c', 'd'], eligible);
    expect(replaceIneligible(once, eligible)).toEqual(once);
    expect(once).toEqual(['e', 'b', 'c', 'd']);
  });
});

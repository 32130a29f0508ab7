/**
 * The dry run's rankings against the ranking job's own rules: a random operator change (a correction
 * of a final result, a withdrawal, a cancel of a round or of the tournament, a deadline move) on a
 * random small season, scored before and after it as the recompute scores it.
 *
 * "Exactly the rankings that move" cannot hold: the preview does not read every team, and a change
 * that can move a ranking may not for the data at hand (a team score that moves inside the top 10%,
 * a withdrawal of a player whose round is still pending). So the property is two-sided instead:
 * - every ranking whose values move (a round tab's type, the guilds of a tab, the yearly points) is
 *   named, per sample;
 * - every type the preview names for a kind of change is one that kind can move: over the run, each
 *   was seen to move under some change of that kind.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  correctableRow,
  correctedEntry,
  type CorrectableRow,
} from '@golf/shared/game/correction';
import { resultFromFieldEntry } from '@golf/shared/game/scoring';
import { withdrawalRound, withStatus } from '@golf/shared/game/player-status';
import type { PlayerStatus, RoundNumber } from '@golf/shared/schemas/schedule';
import { withRound, type TournamentRecord } from '@golf/shared/schedule/tournament-record';
import { rankingsOf, seasonArb, type Season } from '../ranking/rules/season.test-support';
import { previewAction, type TeamCounts, type TournamentState } from './action-preview';

type Kind = 'correction' | 'withdrawal' | 'cancel' | 'deadline';

interface Change {
  kind: Kind;
  after: TournamentState;
  playerId?: string;
}

const choiceArb = fc.record({
  kind: fc.constantFrom<Kind>('correction', 'withdrawal', 'cancel', 'deadline'),
  round: fc.integer({ min: 1, max: 4 }),
  player: fc.nat(6),
  value: fc.constantFrom<keyof CorrectableRow>('to_par', 'birdies', 'eagles', 'thru', 'status'),
  amount: fc.integer({ min: -3, max: 3 }).filter((n) => n !== 0),
  status: fc.constantFrom<PlayerStatus>('active', 'wd', 'cut', 'dq'),
  wholeTournament: fc.boolean(),
});

type Choice = typeof choiceArb extends fc.Arbitrary<infer T> ? T : never;

/** The change the operator calls would make, or null where they refuse it (operator-service.ts). */
function changeOf(season: Season, choice: Choice): Change | null {
  const { record, field, now } = season;
  const nowIso = now.toISOString();
  const stored = record.rounds[choice.round - 1]!;
  const entry = field[choice.player]!;
  const withEntry = (next: typeof entry) => field.map((e) => (e.player_id === next.player_id ? next : e));
  switch (choice.kind) {
    case 'correction': {
      const finals = record.rounds.filter((r) => r.results === 'final' && !r.cancelled);
      if (finals.length === 0) return null;
      const round = finals[choice.round % finals.length]!.round;
      const before = correctableRow(entry, round);
      const after: CorrectableRow =
        choice.value === 'status'
          ? { ...before, status: choice.status }
          : choice.value === 'thru'
            ? {
                ...before,
                thru: before.thru === 18 ? 9 : 18,
                to_par: before.to_par ?? 0,
                strokes: before.strokes ?? 72,
              }
            : choice.value === 'to_par'
              ? {
                  ...before,
                  to_par: (before.to_par ?? 0) + choice.amount,
                  strokes: (before.strokes ?? 72) + choice.amount,
                  thru: before.thru || 18,
                }
              : { ...before, [choice.value]: Math.max(0, before[choice.value as 'birdies'] + choice.amount) };
      if (changedFields(before, after).length === 0) return null;
      const corrected = correctedEntry(entry, round, after, nowIso);
      if (!resultFromFieldEntry(corrected, round as RoundNumber)) return null;
      return {
        kind: 'correction',
        after: { record, field: withEntry(corrected) },
        playerId: entry.player_id,
      };
    }
    case 'withdrawal': {
      const round = withdrawalRound(entry);
      if (record.cancelled || entry.status !== 'active' || round === null) return null;
      if (record.rounds[round - 1]!.results === 'final') return null;
      return {
        kind: 'withdrawal',
        after: { record, field: withEntry(withStatus(entry, 'wd', round, nowIso)) },
        playerId: entry.player_id,
      };
    }
    case 'cancel': {
      if (choice.wholeTournament)
        return {
          kind: 'cancel',
          after: {
            field,
            record: {
              ...record,
              cancelled: true,
              rounds: record.rounds.map((r) => ({ ...r, cancelled: true })) as TournamentRecord['rounds'],
            },
          },
        };
      if (stored.cancelled) return null;
      return {
        kind: 'cancel',
        after: { field, record: withRound(record, choice.round, { cancelled: true }) },
      };
    }
    case 'deadline': {
      if (stored.cancelled || stored.results !== 'none') return null;
      // Into the past for a round ahead, out of it (reopened) for a locked one.
      const locked = Date.parse(stored.deadline_at) <= now.getTime();
      const deadline_at = new Date(now.getTime() + (locked ? 3600_000 : -60_000)).toISOString();
      return { kind: 'deadline', after: { field, record: withRound(record, choice.round, { deadline_at }) } };
    }
  }
}

/** The counts the preview reads, from the season's teams as they are before the change. */
const countsOf = (season: Season): TeamCounts => ({
  ofRound: async (round) => season.teams[round - 1]!.length,
  holding: async (round, playerId) =>
    season.teams[round - 1]!.filter((team) => team.picks.some((pick) => pick.player_id === playerId)).length,
});

const sameValues = (a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>) =>
  a.size === b.size && [...a].every(([id, value]) => b.has(id) && Object.is(b.get(id), value));

/** What the ranking job's rules move: (tab, type) pairs of tabs there before and after, and the yearly points. */
function movedBy(season: Season, change: Change) {
  const before = rankingsOf(season, season.now);
  const after = rankingsOf({ ...season, ...change.after }, season.now);
  const moved = new Set<string>();
  for (const [round, types] of before.tabs) {
    const later = after.tabs.get(round);
    if (!later) continue;
    for (const [type, values] of types)
      if (!sameValues(values, later.get(type)!)) moved.add(`${round}:${type}`);
  }
  return { moved, yearly: !sameValues(before.yearly, after.yearly) };
}

const kinds: Kind[] = ['correction', 'withdrawal', 'cancel', 'deadline'];

describe('the dry run’s rankings, against the ranking job’s rules on random seasons', () => {
  it('name every ranking whose values move (each tab’s types, its guilds, the yearly points), and per kind of change only types that kind can move', async () => {
    const named = new Map(kinds.map((kind) => [kind, new Set<number>()]));
    const moved = new Map(kinds.map((kind) => [kind, new Set<number>()]));
    await fc.assert(
      fc.asyncProperty(seasonArb(), choiceArb, async (season, choice) => {
        const change = changeOf(season, choice);
        if (!change) return;
        const preview = await previewAction(
          { record: season.record, field: season.field },
          change.after,
          season.now,
          change.playerId,
          countsOf(season),
        );
        const names = new Set(
          preview.rankings
            .filter((r) => r.board === 'personal')
            .flatMap((r) => r.rounds.flatMap((round) => r.types.map((type) => `${round}:${type}`))),
        );
        const actual = movedBy(season, change);
        for (const pair of actual.moved) expect(names, `${change.kind} moves ${pair}`).toContain(pair);
        if (actual.yearly) expect(preview.rankings.map((r) => r.board)).toContain('yearly');
        // The guild boards rank the members' SCORE: named on every tab where it is.
        const guildRounds = preview.rankings.filter((r) => r.board === 'guild').flatMap((r) => r.rounds);
        expect(guildRounds).toEqual(
          [...names].filter((pair) => pair.endsWith(':1')).map((pair) => Number(pair.split(':')[0])),
        );
        preview.rankings.forEach((r) => r.types.forEach((type) => named.get(change.kind)!.add(type)));
        actual.moved.forEach((pair) => moved.get(change.kind)!.add(Number(pair.split(':')[1])));
      }),
      { seed: 4242, numRuns: 1000 },
    );
    // Each type a kind of change was seen to be named for, it was seen to move under that kind.
    for (const kind of kinds) {
      expect(named.get(kind)!.size, `${kind} was tried`).toBeGreaterThan(0);
      expect([...named.get(kind)!].sort(), kind).toEqual([...moved.get(kind)!].sort());
    }
  });
});

import { describe, expect, it } from 'vitest';
import { personalRanking, type UserRoundRecord } from '@golf/shared/game/personal-ranking';
import { indexRound, type PlayerRoundResult } from '@golf/shared/game/scoring';
import { roundResult } from '@golf/shared/game/round-result.test-support';
import type { FieldEntryRecord, TournamentRecord } from '@golf/shared/schedule/tournament-record';
import type { TeamRecord } from '../../db/repositories/team-repository';
import { parseCsv } from './csv';
import { ImportRejected, parseResultsFile, parseTournamentFile } from './import-service';
import { buildLeaderboard } from '../leaderboard';
import { indicatorsFor, ineligibility, tournamentFigures } from './players';
import { stableEqual } from './stable-equal';
import { indexTournamentRound, teamScore, teamScoreRecord } from './team-scoring';

const entry = (status: FieldEntryRecord['status']): FieldEntryRecord => ({
  game_global_id: 't',
  player_id: 'p',
  name: 'n',
  name_kana: 'k',
  country: 'JPN',
  world_rank: 1,
  is_amateur: false,
  status,
  rounds: [null, null, null, null],
});

/** A tournament file in JSON with one player; `extra` overrides or adds fields. */
const tournamentJson = (extra: Record<string, unknown>) =>
  JSON.stringify({
    game_global_id: 't',
    season_id: 2026,
    tournament_name: 'x',
    venue: 'y',
    start_on: '2026-01-01',
    end_on: '2026-01-04',
    rounds: [1, 2, 3, 4].map((round) => ({ round, deadline_at: `2026-01-0${round}T07:00:00+09:00` })),
    field: [{ player_id: 'p1', name: 'a', name_kana: 'A', country: 'JPN', world_rank: 1 }],
    ...extra,
  });

const row = (
  player_id: string,
  to_par: number | null,
  completed: boolean,
  status: PlayerRoundResult['status'] = 'active',
) => roundResult(player_id, to_par, { completed, status });

const team = (ids: string[]): TeamRecord => ({
  game_global_id: 't',
  round: 1,
  user_id: 'u',
  picks: ids.map((player_id, i) => ({ slot: (i + 1) as 1 | 2 | 3 | 4, player_id, auto: false })),
  source: 'manual',
  last_saved_at: '2026-01-01T00:00:00Z',
  version: 1,
});

describe('eligibility', () => {
  it('eligibility: withdrawn and disqualified players are out of every round, missed cut only of rounds 3-4', () => {
    expect(ineligibility(entry('wd'), 1)).toBe('wd');
    expect(ineligibility(entry('dq'), 4)).toBe('dq');
    expect(ineligibility(entry('cut'), 2)).toBeNull();
    expect(ineligibility(entry('cut'), 3)).toBe('cut');
    expect(ineligibility(undefined, 1)).toBe('not_in_field');
    expect(ineligibility(entry('active'), 4)).toBeNull();
  });
});

describe('team scores of stored teams', () => {
  const round = indexRound(
    [row('a', -3, true), row('b', 2, true), row('c', 1, false, 'wd'), row('d', -1, true)],
    'provisional',
  );

  it('penalty: a withdrawn player scores the worst completed to-par + 1; his partial round never counts', () => {
    expect(teamScore(team(['a', 'b', 'c', 'd']), round)).toEqual({
      kind: 'scored',
      score: -3 + 2 + 3 - 1,
      provisional: true,
    });
  });

  it('no team: 4 x the penalty; an empty slot of a saved team scores the penalty', () => {
    expect(teamScore(undefined, round)).toEqual({ kind: 'scored', score: 12, provisional: true });
    expect(teamScore(team(['a', 'b']), round)).toEqual({ kind: 'scored', score: -1 + 6, provisional: true });
  });

  it('a player missing from the results keeps the round pending', () => {
    expect(teamScore(team(['a', 'b', 'd', 'x']), round).kind).toBe('pending');
  });

  it('a cancelled round counts for nobody', () => {
    expect(teamScore(team(['a', 'b', 'c', 'd']), indexRound([], 'cancelled')).kind).toBe('cancelled');
  });
});

describe('indicators', () => {
  it('scales each stat over the field to 0-100, lower-is-better stats inverted', () => {
    const stat = (d: number, putts: number) => ({
      average_score: 70,
      driving_distance: d,
      fairway_rate: null,
      green_in_regulation_rate: 60,
      average_putts: putts,
      scrambling_rate: null,
      birdie_rate: null,
      top10_count: null,
      earnings_yen: null,
    });
    const result = indicatorsFor([
      { player_id: 'a', stats: stat(300, 1.7), condition: -1 },
      { player_id: 'b', stats: stat(280, 1.8), condition: 1 },
      { player_id: 'c', stats: stat(290, 1.75), condition: 0 },
    ]);
    expect(result.get('a')).toEqual({
      distance: 100,
      accuracy: 0,
      approach: 50,
      putting: 100,
      scoring: 50,
      form: 100,
    });
    expect(result.get('c')?.distance).toBe(50);
    expect(result.get('b')?.putting).toBe(0);
  });

  it('spreads over the field’s order: one outlier does not push everybody else to 0 or 100', () => {
    const stat = (putts: number) => ({
      average_score: null,
      driving_distance: null,
      fairway_rate: null,
      green_in_regulation_rate: null,
      average_putts: putts,
      scrambling_rate: null,
      birdie_rate: null,
      top10_count: null,
      earnings_yen: null,
    });
    const putts = [1.75, 1.752, 1.755, 1.76, 2.4];
    const result = indicatorsFor(putts.map((p, i) => ({ player_id: `p${i}`, stats: stat(p), condition: 0 })));
    expect(putts.map((_, i) => result.get(`p${i}`)!.putting)).toEqual([100, 75, 50, 25, 0]);
    const tied = indicatorsFor(
      [1.7, 1.7, 1.8].map((p, i) => ({ player_id: `t${i}`, stats: stat(p), condition: 0 })),
    );
    expect([0, 1, 2].map((i) => tied.get(`t${i}`)!.putting)).toEqual([75, 75, 0]);
  });
});

describe('a player’s tournament figures', () => {
  const result = (to_par: number, completed: boolean) => ({
    strokes: completed ? 72 + to_par : null,
    to_par,
    birdies: 0,
    eagles: 0,
    bogeys: 0,
    thru: completed ? 18 : 9,
    completed,
  });
  const playing: FieldEntryRecord = {
    ...entry('active'),
    rounds: [result(-3, true), result(-2, true), result(-4, false), null],
  };

  it('count the round being played, as the leaderboard does, and leave out rounds without results', () => {
    expect(tournamentFigures(playing, new Set([1, 2, 3]))).toEqual({
      rounds: [-3, -2, -4, null],
      total_to_par: -9,
      total_strokes: 139,
      thru: 9,
    });
    expect(tournamentFigures(playing, new Set([1, 2])).total_to_par).toBe(-5);
    expect(tournamentFigures(undefined, new Set([1]))).toEqual({
      rounds: [null, null, null, null],
      total_to_par: null,
      total_strokes: null,
      thru: null,
    });
  });

  it('are the leaderboard’s: one function for every screen', () => {
    const [row] = buildLeaderboard([playing], new Set([1, 2, 3]));
    expect(row).toMatchObject(tournamentFigures(playing, new Set([1, 2, 3])));
  });
});

describe('feed files', () => {
  it('reads quoted CSV fields and keeps each row’s file line', () => {
    const { header, rows } = parseCsv('a,b\r\n"x, ""y""",2\n\n3,4\n');
    expect(header).toEqual(['a', 'b']);
    expect(rows).toEqual([
      { line: 2, values: { a: 'x, "y"', b: '2' } },
      { line: 4, values: { a: '3', b: '4' } },
    ]);
  });

  it('import validation: every bad results row is reported by line', () => {
    const csv = [
      'game_global_id,round,player_id,strokes,to_par,thru,birdies,eagles,bogeys,status',
      't,1,p1,70,-2,18,3,0,1,active',
      't,5,p2,70,-2,18,3,0,1,active',
      't,1,p1,70,-2,18,3,0,1,active',
      'u,1,p3,,,18,0,0,0,active',
    ].join('\n');
    const { errors, rows } = parseResultsFile('csv', csv);
    expect(errors.map((e) => e.line)).toEqual([3, 4, 5]);
    expect(rows).toHaveLength(1);
  });

  it('2. feed values as golf writes them: E, +3, −2, 72* and - are read, in CSV and JSON', () => {
    const csv = [
      'game_global_id,round,player_id,strokes,to_par,thru,birdies,eagles,bogeys,status',
      't,1,p1,72,E,F,3,0,3,active',
      't,1,p2,75*,+3,18,1,0,4,active',
      't,1,p3,70,\u22122,18,4,0,2,active',
      't,1,p4,-,-,-,0,0,0,active',
      't,1,p5,,E,9,1,0,1,active',
      't,1,p6,,-,12,1,0,1,active',
      't,1,p7,73,par,18,0,0,1,active',
    ].join('\n');
    const { errors, rows } = parseResultsFile('csv', csv);
    expect(rows.map((r) => [r.player_id, r.strokes, r.to_par, r.thru])).toEqual([
      ['p1', 72, 0, 18],
      ['p2', 75, 3, 18],
      ['p3', 70, -2, 18],
      ['p4', null, null, 0],
      ['p5', null, 0, 9],
    ]);
    // A player on the course without a to-par, and a to-par that is not one, are reported by line.
    expect(errors.map((e) => e.line)).toEqual([7, 8]);
    expect(errors[1]!.messages.join()).toContain('スコアはパーとの差を E、+3、-2 のように');
    const json = parseResultsFile(
      'json',
      JSON.stringify({
        game_global_id: 't',
        results: [{ round: 2, player_id: 'p1', strokes: '68*', to_par: '−4', thru: 'F', status: 'active' }],
      }),
    );
    expect(json.errors).toEqual([]);
    expect(json.rows[0]).toMatchObject({ strokes: 68, to_par: -4, thru: 18 });
  });

  it('import validation: tournament JSON errors point at the document (0) or the field row', () => {
    const doc = tournamentJson({
      rounds: [1, 2, 3].map((round) => ({ round, deadline_at: `2026-01-0${round}T07:00:00+09:00` })),
      field: [
        { player_id: 'p1', name: 'a', name_kana: 'A', country: 'JPN', world_rank: 1 },
        { player_id: 'p2' },
      ],
    });
    try {
      parseTournamentFile('json', doc);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ImportRejected);
      expect((error as ImportRejected).lines.map((l) => l.line)).toEqual([0, 2]);
    }
  });

  it('import validation: a tournament may carry its cut rule, both columns or neither', () => {
    const doc = tournamentJson;
    expect(parseTournamentFile('json', doc({})).header).toMatchObject({
      cut_after_round: null,
      cut_top: null,
    });
    expect(parseTournamentFile('json', doc({ cut_after_round: 2, cut_top: 65 })).header).toMatchObject({
      cut_after_round: 2,
      cut_top: 65,
    });
    expect(parseTournamentFile('json', doc({ cut_after_round: 0, cut_top: 1 })).header.cut_after_round).toBe(
      0,
    );
    for (const bad of [
      { cut_top: 60 },
      { cut_after_round: 4, cut_top: 60 },
      { cut_after_round: 2, cut_top: 0 },
    ])
      expect(() => parseTournamentFile('json', doc(bad))).toThrow(ImportRejected);
  });

  it('compares stored records whatever their attribute order', () => {
    expect(stableEqual({ a: 1, b: [{ c: 2, d: 3 }] }, { b: [{ d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(stableEqual({ a: 1 }, { a: 2 })).toBe(false);
  });
});

describe('stored team score picks (rankings 4-7)', () => {
  const result = (to_par: number, birdies: number, eagles: number, completed = true) => ({
    strokes: 72 + to_par,
    to_par,
    birdies,
    eagles,
    bogeys: 0,
    thru: completed ? 18 : 9,
    completed,
  });
  const fieldEntry = (
    player_id: string,
    status: FieldEntryRecord['status'],
    rounds: FieldEntryRecord['rounds'],
  ): FieldEntryRecord => ({ ...entry(status), player_id, rounds });
  const record = (second: 'provisional' | 'final'): TournamentRecord => ({
    game_global_id: 't',
    season_id: 2026,
    tournament_name: 'T',
    venue: 'V',
    start_on: '2026-01-01',
    end_on: '2026-01-04',
    cancelled: false,
    rounds: [1, 2, 3, 4].map((round) => ({
      round,
      play_on: `2026-01-0${round}`,
      deadline_at: `2026-01-0${round}T00:00:00.000Z`,
      results: round === 1 ? 'final' : round === 2 ? second : 'none',
      cancelled: false,
      deadline_note: null,
    })),
  });
  const field = [
    fieldEntry('a', 'active', [result(-3, 5, 1), result(-1, 3, 0), result(0, 2, 0), null]),
    fieldEntry('b', 'cut', [result(2, 1, 0), result(4, 0, 0), null, null]),
    fieldEntry('c', 'wd', [result(1, 2, 0, false), null, null, null]),
    fieldEntry('d', 'active', [result(-2, 4, 0), result(-2, 4, 1), null, null]),
  ];

  it('records each pick’s real to-par, birdies, eagles and cut outcome; a partial round gives no to-par, birdies or eagles', () => {
    const round = indexTournamentRound(record('provisional'), field, 1, new Date('2026-01-05T00:00:00Z'));
    const score = teamScoreRecord(team(['a', 'b', 'c', 'd']), round);
    expect(score.picks).toEqual([
      { player_id: 'a', to_par: -3, made_cut: true, birdies: 5, eagles: 1 },
      { player_id: 'b', to_par: 2, made_cut: false, birdies: 1, eagles: 0 },
      { player_id: 'c', to_par: null, made_cut: false, birdies: 0, eagles: 0 },
      { player_id: 'd', to_par: -2, made_cut: null, birdies: 4, eagles: 0 },
    ]);
  });

  it('an active player has made the cut once round 2 is final', () => {
    const round = indexTournamentRound(record('final'), field, 2, new Date('2026-01-05T00:00:00Z'));
    expect(teamScoreRecord(team(['a', 'b', 'c', 'd']), round).picks.map((p) => p.made_cut)).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });

  it('a WD or DQ before the cut counts as a missed cut in 予選通過成功率', () => {
    const logged = (
      player_id: string,
      status: 'wd' | 'dq',
      round: number,
      rounds: FieldEntryRecord['rounds'],
    ): FieldEntryRecord => ({
      ...fieldEntry(player_id, status, rounds),
      status_log: [{ status, round, at: '2026-01-02T12:00:00.000Z' }],
    });
    const cutField = [
      // Withdrawn during round 1, and before round 2 after finishing round 1.
      logged('wd1', 'wd', 1, [result(3, 0, 0, false), null, null, null]),
      logged('wd2', 'wd', 2, [result(1, 2, 0), null, null, null]),
      // Disqualified in round 1, and in round 2 after finishing it (a wrong scorecard).
      logged('dq1', 'dq', 1, [result(0, 2, 0), null, null, null]),
      logged('dq2', 'dq', 2, [result(-1, 3, 0), result(0, 2, 0), null, null]),
      fieldEntry('cut1', 'cut', [result(3, 1, 0), result(4, 0, 0), null, null]),
      fieldEntry('cut2', 'cut', [result(2, 1, 0), result(5, 0, 0), null, null]),
      fieldEntry('made1', 'active', [result(-2, 4, 0), result(-1, 3, 0), null, null]),
      fieldEntry('made2', 'active', [result(-3, 5, 0), result(0, 2, 0), null, null]),
      // Withdrawn after the cut, in round 3: not a missed cut.
      logged('wd3', 'wd', 3, [result(-1, 3, 0), result(-1, 3, 0), null, null]),
    ];
    const at = new Date('2026-01-05T00:00:00Z');
    const picks = (round: number, ids: string[]) =>
      teamScoreRecord(team(ids), indexTournamentRound(record('final'), cutField, round, at)).picks;
    const rounds: UserRoundRecord[] = [
      picks(1, ['wd1', 'dq1', 'cut1', 'made1']),
      picks(2, ['wd2', 'dq2', 'cut2', 'made2']),
    ].map((roundPicks) => ({
      state: 'scored',
      has_team: true,
      team_score: 0,
      top_ten_percent: false,
      picks: roundPicks,
    }));
    expect(rounds.map((r) => r.picks.map((p) => p.made_cut))).toEqual([
      [false, false, false, true],
      [false, false, false, true],
    ]);
    // 2 of the 8 picks made the cut: 25.0%, not 2 of the 4 whose golfers played through round 2.
    expect(personalRanking(7).metric(rounds)).toBe(2 / 8);
    expect(picks(1, ['wd3']).map((p) => p.made_cut)).not.toContain(false);
  });

  it('a pick after the cut predicts nothing: rounds 3 and 4 carry no cut outcome (ranking 7)', () => {
    const round = indexTournamentRound(record('final'), field, 3, new Date('2026-01-05T00:00:00Z'));
    expect(teamScoreRecord(team(['a', 'b', 'c', 'd']), round).picks.map((p) => p.made_cut)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});

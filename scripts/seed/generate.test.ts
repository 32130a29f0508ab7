import { describe, expect, it } from 'vitest';
import { deriveSchedule } from '../../shared/src/schedule/derive-schedule';
import { generateSampleSeason } from './generate';

const now = new Date('2026-11-22T03:00:00Z');

describe('the sample season', () => {
  it('is the same for the same instant', () => {
    expect(generateSampleSeason(now)).toEqual(generateSampleSeason(now));
  });

  it('has about 120 players with Japanese names and a tournament mid-way through round 3', () => {
    const season = generateSampleSeason(now);
    expect(season.players).toHaveLength(120);
    expect(season.players.filter((p) => p.country === 'JPN').length).toBeGreaterThan(100);
    const schedules = season.tournaments.map((t) => deriveSchedule(t, now));
    const current = schedules.filter((s) => s.status === 'in_progress');
    expect(current).toHaveLength(1);
    expect(current[0]!.rounds.map((r) => r.status)).toEqual(['final', 'final', 'provisional', 'scheduled']);
    expect(schedules.filter((s) => s.status === 'finished').length).toBeGreaterThanOrEqual(5);
    const field = season.fields.filter((f) => f.game_global_id === current[0]!.game_global_id);
    expect(field.some((f) => f.status === 'cut')).toBe(true);
    expect(field.some((f) => f.rounds[2] && !f.rounds[2].completed)).toBe(true);
    expect(field.every((f) => f.rounds[3] === null)).toBe(true);
  });

  it('is in round 3 with round 4 open whatever the hour in Tokyo', () => {
    const midnightTokyo = Date.parse('2026-11-22T00:00:00+09:00');
    const instants = [
      ...Array.from({ length: 48 }, (_, half) => midnightTokyo + half * 1800_000),
      Date.parse('2026-11-22T06:59:59+09:00'),
      Date.parse('2026-11-22T07:00:00+09:00'),
    ];
    for (const instant of instants) {
      const at = new Date(instant);
      const current = generateSampleSeason(at)
        .tournaments.map((t) => deriveSchedule(t, at))
        .filter((s) => s.status === 'in_progress');
      expect(current.map((s) => s.rounds.map((r) => r.status))).toEqual([
        ['final', 'final', 'provisional', 'scheduled'],
      ]);
      // Round 3 has started (its deadline passed) and round 4 takes picks.
      expect(current[0]!.current_round).toBe(4);
      expect(Date.parse(current[0]!.rounds[2]!.deadline_at)).toBeLessThanOrEqual(instant);
    }
  });

  it('titles each prize with as many winners as it has', () => {
    const prizes = generateSampleSeason(now).prizes;
    expect(prizes.find((p) => p.kind === 'game' && p.rank_from === 2)?.name).toBe(
      'ゴルフボール 1ダース（2名様）',
    );
    for (const prize of prizes) {
      const titled = /（(\d+)名様）/.exec(prize.name);
      if (titled) expect(Number(titled[1]), prize.name).toBe(prize.winners_count);
    }
  });

  it('gives the field stats that vary like a real tour’s, so every indicator tells players apart', () => {
    const players = generateSampleSeason(now).players;
    for (const stat of [
      'average_score',
      'driving_distance',
      'fairway_rate',
      'green_in_regulation_rate',
      'average_putts',
    ] as const) {
      const values = players.map((p) => p.stats[stat]);
      expect(new Set(values).size, stat).toBeGreaterThan(20);
    }
    const putts = players.map((p) => p.stats.average_putts);
    expect(Math.min(...putts)).toBeGreaterThan(1.65);
    expect(Math.max(...putts)).toBeLessThan(1.9);
  });

  it('keeps to-par consistent with birdies, eagles and bogeys', () => {
    for (const entry of generateSampleSeason(now).fields) {
      for (const result of entry.rounds) {
        if (!result || result.to_par === null) continue;
        expect(result.bogeys - result.birdies - 2 * result.eagles).toBe(result.to_par);
        if (result.completed) expect(result.strokes).toBe(72 + result.to_par);
      }
    }
  });
});

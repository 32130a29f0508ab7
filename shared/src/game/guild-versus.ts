/**
 * Guild vs guild: a guild's average for a round (the `guild` ranking's value) and where the guilds
 * ranked just above and just below it stand, found from the board's compact index (values best
 * first, lower is better, and how many guilds hold each) without reading the whole board.
 */
import { type BoardIndex, rankAmong } from './ranking';

/** A guild's average of its entered members' scores, to one decimal, as the `guild` ranking holds it. */
export function guildAverageScore(scores: readonly number[]): number {
  return guildAverageOf(
    scores.reduce((sum, score) => sum + score, 0),
    scores.length,
  );
}

/** The same average from the members' total score (summed in their order) and their count. */
export const guildAverageOf = (total: number, members: number): number =>
  Math.round((total / members) * 10) / 10;

/** `+1.5`, `E`, `-2.3`: a guild's average score. */
export const formatGuildAverage = (value: number): string =>
  value === 0 ? 'E' : `${value > 0 ? '+' : ''}${value.toFixed(1)}`;

/** The strokes between two averages, always positive: `1.5`. */
export const formatAverageGap = (gap: number): string => Math.abs(gap).toFixed(1);

/**
 * Where a guild with `value` stands on the board: its shared rank, and the 0-based positions of the
 * guild just above it (the last one with a strictly better average) and just below it (the first
 * one with a strictly worse average), null at either end. Guilds tied with it are neither: a
 * neighbour is always a guild it can pass or be passed by. Null when no guild holds `value`.
 */
export function versusPositions(
  index: BoardIndex,
  value: number,
): { rank: number; above: number | null; below: number | null; total: number } | null {
  const { rank, held, group } = rankAmong(index, value, 'lower');
  if (!held) return null;
  const total = index.counts.reduce((sum, count) => sum + count, 0);
  const start = rank - 1;
  const end = start + index.counts[group]!;
  return { rank, above: start > 0 ? start - 1 : null, below: end < total ? end : null, total };
}

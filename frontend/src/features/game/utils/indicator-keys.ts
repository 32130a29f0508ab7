import type { Indicators } from '@golf/shared/schemas/game';

/**
 * A player's indicators in the order the screens show them. A module of its own, without zod: the
 * easy mode's search schema sorts by them, and every route's search schema is in the first bundle.
 */
export const indicatorKeys = [
  'distance',
  'accuracy',
  'approach',
  'putting',
  'scoring',
  'form',
] as const satisfies ReadonlyArray<keyof Indicators>;

import * as roundGatesByShard from './round-gates-by-shard';

/** The migrations of stored items, in the order they run. */
export const migrations = [roundGatesByShard];

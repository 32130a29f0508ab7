import type { Migration } from './migration';
import { roundGatesByShard } from './round-gates-by-shard';
import { teamItemsByShard } from './team-items-by-shard';

/**
 * The data migrations, in the order they run: `npm run ops -- migrate` after each deploy (and the
 * jobs that build on the teams, before their work) runs those not recorded as applied yet.
 * A new one goes at the end, one line each; none is ever removed or reordered once deployed.
 */
export const migrations: readonly Migration[] = [
  // The teams and the receipts due, by save shard (docs/data-model.md, "Team saves").
  teamItemsByShard,
  // Each round's gate in 64 shards, with its ineligible players (docs/adr/0020-round-gates-by-shard.md).
  roundGatesByShard,
];

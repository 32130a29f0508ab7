/**
 * The repair of round gates a writer left behind (docs/adr/0020-round-gates-by-shard.md): a writer
 * that died between its write of the tournament or its field and the writing of the gates.
 */
import {
  abandonedBatch,
  gateBehind,
  ROUNDS,
  roundGateRepository,
} from '../../db/repositories/round-gate-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { hostTimeMs } from '../../lib/clock';

/**
 * Writes again every round gate of the listed tournaments that is behind, and answers which. When
 * none is, it costs one query of the listing and one batch read of the gates' versions.
 */
export async function repairRoundGates(): Promise<Array<{ game_global_id: string; rounds: number[] }>> {
  const ids = (await tournamentRepository.list()).map((record) => record.game_global_id);
  const versions = await roundGateRepository.versions(ids);
  const hostNow = new Date(hostTimeMs()).toISOString();
  const repaired = [];
  for (const id of ids) {
    const seen = versions.filter((version) => version.game_global_id === id);
    const rounds = ROUNDS.filter((round) =>
      gateBehind(
        seen.find((version) => version.round === round),
        hostNow,
      ),
    );
    if (!rounds.length) continue;
    await tournamentRepository.syncRoundGates(id, rounds);
    for (const version of seen)
      if (abandonedBatch(version, hostNow)) await roundGateRepository.forgetAbandoned(version);
    repaired.push({ game_global_id: id, rounds });
  }
  return repaired;
}

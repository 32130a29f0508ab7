import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FieldEntryRecord, TournamentRecord } from '@golf/shared/schedule/tournament-record';
import { playerRepository } from '../../db/repositories/player-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { resetConfig } from '../../lib/config';
import { clearReadCaches } from '../../lib/read-cache';
import { loadRoundContext, resolveTournament } from './tournament-context';

const record = { game_global_id: 'cache-t', rounds: [] } as unknown as TournamentRecord;
const field = [
  {
    game_global_id: 'cache-t',
    player_id: 'p1',
    status: 'active',
    status_log: [],
    rounds: [null, null, null, null],
  },
] as unknown as FieldEntryRecord[];

describe('the round read cache of an instance', () => {
  const previous = process.env['ROUND_READ_CACHE_MS'];
  beforeEach(() => {
    process.env['ROUND_READ_CACHE_MS'] = '10000';
    resetConfig();
    clearReadCaches();
    vi.spyOn(tournamentRepository, 'get').mockResolvedValue(record);
    vi.spyOn(tournamentRepository, 'field').mockResolvedValue(field);
    vi.spyOn(playerRepository, 'getMany').mockResolvedValue(new Map());
  });
  afterEach(() => {
    vi.restoreAllMocks();
    if (previous === undefined) delete process.env['ROUND_READ_CACHE_MS'];
    else process.env['ROUND_READ_CACHE_MS'] = previous;
    resetConfig();
    clearReadCaches();
  });

  it('serves concurrent and repeated round reads from one read of each item', async () => {
    await Promise.all(
      Array.from({ length: 5 }, async () =>
        loadRoundContext(await resolveTournament('cache-t', new Date(), { cached: true }), 1, {
          cached: true,
        }),
      ),
    );
    expect(tournamentRepository.get).toHaveBeenCalledTimes(1);
    expect(tournamentRepository.field).toHaveBeenCalledTimes(1);
    expect(playerRepository.getMany).toHaveBeenCalledTimes(1);
  });

  it('reads again after its age limit, after a write in the instance, and always without `cached`', async () => {
    await loadRoundContext(record, 1, { cached: true });
    clearReadCaches();
    await loadRoundContext(record, 1, { cached: true });
    expect(tournamentRepository.field).toHaveBeenCalledTimes(2);
    await loadRoundContext(record, 1);
    await resolveTournament('cache-t', new Date());
    expect(tournamentRepository.field).toHaveBeenCalledTimes(3);
    expect(tournamentRepository.get).toHaveBeenCalledTimes(1);

    vi.useFakeTimers({ now: Date.now() + 10_001, toFake: ['Date'] });
    try {
      await loadRoundContext(record, 1, { cached: true });
      expect(tournamentRepository.field).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is off when the age limit is 0', async () => {
    process.env['ROUND_READ_CACHE_MS'] = '0';
    resetConfig();
    await loadRoundContext(record, 1, { cached: true });
    await loadRoundContext(record, 1, { cached: true });
    expect(tournamentRepository.field).toHaveBeenCalledTimes(2);
  });
});

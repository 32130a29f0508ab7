import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import {
  backoffDelayMs,
  backoffSchedule,
  sendTeamSave,
  teamSaveGaveUpMessage,
  teamSaveRetry,
  teamSaveRetrying,
} from './team-save-retry';

const busy = (headers: Record<string, string> = { 'retry-after': '1' }) =>
  new ApiError({ status: 503, code: 'service_unavailable', message: '混雑', headers: new Headers(headers) });

describe('the backoff schedule of team saves', () => {
  it('draws each pause uniformly below a doubling ceiling (full jitter), capped, never below Retry-After', () => {
    expect([0, 1, 2, 3, 4, 5].map((retry) => backoffDelayMs(retry, null, () => 0.999_999))).toEqual([
      499, 999, 1999, 3999, 7999, 7999,
    ]);
    expect(backoffDelayMs(3, null, () => 0)).toBe(0);
    expect(backoffDelayMs(0, 2, () => 0.5)).toBe(2000);
    expect(backoffDelayMs(4, 1, () => 0.5)).toBe(4000);
  });

  it('stops within the tries and inside the arrival receipt’s window', () => {
    const highest = backoffSchedule(
      () => 1,
      () => 0.999_999,
    );
    expect(highest).toEqual([1000, 1000, 1999, 3999, 7999]);
    expect(highest.length).toBeLessThan(teamSaveRetry.maxTries);
    const slowServer = backoffSchedule(
      () => 10,
      () => 0,
    );
    expect(slowServer).toEqual([10_000, 10_000]);
    expect(slowServer.reduce((sum, pause) => sum + pause, 0)).toBeLessThanOrEqual(teamSaveRetry.budgetMs);
  });
});

describe('sendTeamSave', () => {
  const clock = () => {
    let now = 0;
    return { nowMs: () => now, sleep: async (ms: number) => void (now += ms), random: () => 0.5 };
  };

  it('sends again after a 503 or a lost connection with the same key and the last receipt, until it gets through', async () => {
    const sent: Array<Record<string, string>> = [];
    const seen: boolean[] = [];
    const stop = teamSaveRetrying.subscribe(() => seen.push(teamSaveRetrying.get()));
    const answers = [
      busy({ 'retry-after': '1', 'arrival-receipt': 'v1.first' }),
      new ApiError({ status: 0, code: 'network', message: '通信に失敗しました。' }),
    ];
    const saved = await sendTeamSave(async (headers) => {
      sent.push(headers);
      const answer = answers.shift();
      if (answer) throw answer;
      return 'saved';
    }, clock());
    stop();
    expect(saved).toBe('saved');
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((headers) => headers['Idempotency-Key'])).size).toBe(1);
    expect(sent.map((headers) => headers['Arrival-Receipt'])).toEqual([undefined, 'v1.first', 'v1.first']);
    expect(seen).toEqual([true, false]);
  });

  it('gives up plainly when the table stays busy, and never retries a refusal of its own', async () => {
    let tries = 0;
    const gaveUp = sendTeamSave(async () => {
      tries++;
      throw busy();
    }, clock());
    await expect(gaveUp).rejects.toMatchObject({ status: 503, message: teamSaveGaveUpMessage });
    expect(tries).toBe(teamSaveRetry.maxTries);
    expect(teamSaveRetrying.get()).toBe(false);

    const refused = new ApiError({ status: 409, code: 'deadline_passed', message: '締め切り' });
    tries = 0;
    await expect(
      sendTeamSave(async () => {
        tries++;
        throw refused;
      }, clock()),
    ).rejects.toBe(refused);
    expect(tries).toBe(1);
  });
});

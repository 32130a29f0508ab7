import { describe, expect, it } from 'vitest';
import { clearReadCaches, ReadCache } from './read-cache';

describe('ReadCache', () => {
  it('answers from memory within the TTL, shares concurrent loads, and reloads after it', async () => {
    const cache = new ReadCache<number>(1000);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    const [a, b] = await Promise.all([cache.get('k', load, 0), cache.get('k', load, 10)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cache.get('k', load, 999)).toBe(1);
    expect(await cache.get('k', load, 1000)).toBe(2);
  });

  it('forgets failed loads, evicts the oldest beyond its size, and is cleared by writers', async () => {
    const cache = new ReadCache<string>(1000, 2);
    await expect(cache.get('bad', () => Promise.reject(new Error('x')), 0)).rejects.toThrow('x');
    expect(await cache.get('bad', () => Promise.resolve('ok'), 1)).toBe('ok');
    await cache.get('b', () => Promise.resolve('b'), 2);
    await cache.get('c', () => Promise.resolve('c'), 3);
    expect(await cache.get('bad', () => Promise.resolve('reloaded'), 4)).toBe('reloaded');
    clearReadCaches();
    expect(await cache.get('c', () => Promise.resolve('fresh'), 5)).toBe('fresh');
  });
});

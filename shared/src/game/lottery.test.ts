import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawLottery, lotteryKey, lotteryOrder } from './lottery';

describe('lottery order', () => {
  it('orders entrants by one key, hash(seed, prize id, user id)', () => {
    const key = lotteryKey('seed-2025', 'prize-1', 'user-1');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(lotteryKey('seed-2025', 'prize-1', 'user-1')).toBe(key);
    expect(lotteryKey('seed-2025', 'prize-2', 'user-1')).not.toBe(key);
    expect(lotteryKey('seed-2026', 'prize-1', 'user-1')).not.toBe(key);
    // Fields are kept apart: moving a separator between fields changes the key.
    expect(lotteryKey('a|b', 'c', 'd')).not.toBe(lotteryKey('a', 'b|c', 'd'));
    const order = lotteryOrder('seed-2025', 'prize-1', ['u1', 'u2', 'u3', 'u4']);
    const keys = order.map((u) => lotteryKey('seed-2025', 'prize-1', u));
    expect([...keys].sort()).toEqual(keys);
  });

  it('draws the first winners, ignoring duplicate entries', () => {
    const entrants = ['u1', 'u2', 'u3', 'u4', 'u5', 'u2'];
    const order = lotteryOrder('s', 'p', entrants);
    expect(order).toHaveLength(5);
    expect(drawLottery('s', 'p', entrants, 2)).toEqual(order.slice(0, 2));
    expect(drawLottery('s', 'p', ['u1'], 3)).toEqual(['u1']);
    expect(() => drawLottery('s', 'p', entrants, -1)).toThrow(RangeError);
  });

  it('is independent of input order (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 30 }),
        fc.string(),
        fc.infiniteStream(fc.nat()),
        (users, seed, stream) => {
          const shuffled = [...users];
          for (let i = shuffled.length - 1; i > 0; i--) {
            const j = stream.next().value % (i + 1);
            [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
          }
          expect(lotteryOrder(seed, 'prize', shuffled)).toEqual(lotteryOrder(seed, 'prize', users));
        },
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { bodyDigest, signArrivalReceipt, verifiedArrival, type ArrivalClaims } from './arrival-receipt';

const key = Buffer.from('a key of the test, 32 bytes long!');
const claims: Omit<ArrivalClaims, 'at'> = {
  user: 'u-1',
  tournament: 'g-1',
  round: 2,
  route: 'PUT /api/golf/round/2/team',
  body: bodyDigest('{"player_ids":["a","b","c","d"]}'),
};
const at = Date.parse('2026-09-03T06:29:59.500+09:00');
const receipt = signArrivalReceipt({ ...claims, at }, key);

describe('arrival receipts', () => {
  it('prove the first arrival to the same user, tournament, round, route and body within 30 s', () => {
    expect(verifiedArrival(receipt, claims, at + 2_500, [key])).toEqual(new Date(at));
    expect(verifiedArrival(receipt, claims, at + 30_000, [Buffer.from('new key'), key])).toEqual(
      new Date(at),
    );
  });

  it('are ignored when anything is wrong with them', () => {
    const now = at + 2_500;
    for (const other of [
      { user: 'u-2' },
      { tournament: 'g-2' },
      { round: 3 },
      { route: 'PUT /api/golf/round/2/draft/1' },
      { body: bodyDigest('{"player_ids":["a","b","c","e"]}') },
    ])
      expect(verifiedArrival(receipt, { ...claims, ...other }, now, [key])).toBeNull();
    expect(verifiedArrival(receipt, claims, at + 30_001, [key])).toBeNull();
    expect(verifiedArrival(receipt, claims, at - 1, [key])).toBeNull();
    expect(verifiedArrival(receipt, claims, now, [Buffer.from('another key')])).toBeNull();
    expect(verifiedArrival(receipt, claims, now, [])).toBeNull();
    // Claims changed under the signature: a later first arrival.
    const [version, , signature] = receipt.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, at: at + 20_000 })).toString('base64url');
    expect(verifiedArrival(`${version}.${forged}.${signature}`, claims, now + 20_000, [key])).toBeNull();
    for (const broken of [undefined, '', 'v1', 'v2.a.b', `${receipt}.x`, 'v1.!!.??'])
      expect(verifiedArrival(broken, claims, now, [key])).toBeNull();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatToPar } from './format';
import { parseStrokes, parseThru, parseToPar } from './feed-values';

describe('2. feed values as golf writes them', () => {
  it('reads to-par as E, +3, -2 and the Unicode minus −2', () => {
    expect(parseToPar('E')).toBe(0);
    expect(parseToPar('e')).toBe(0);
    expect(parseToPar('+3')).toBe(3);
    expect(parseToPar('3')).toBe(3);
    expect(parseToPar('-2')).toBe(-2);
    expect(parseToPar('\u22122')).toBe(-2);
    expect(parseToPar(' －2 ')).toBe(-2);
    expect(parseToPar('＋4')).toBe(4);
    expect(parseToPar(-5)).toBe(-5);
    expect(parseToPar('-0')).toBe(0);
  });

  it('reads `-` or an empty cell as "no value yet", never 0', () => {
    for (const empty of ['-', '', '  ', '--', undefined, null]) {
      expect(parseToPar(empty)).toBeNull();
      expect(parseStrokes(empty)).toBeNull();
    }
  });

  it('reads strokes with a trailing asterisk', () => {
    expect(parseStrokes('72*')).toBe(72);
    expect(parseStrokes('68')).toBe(68);
    expect(parseStrokes(70)).toBe(70);
  });

  it('reads F as a finished round in the thru column, and no value as not started', () => {
    expect(parseThru('F')).toBe(18);
    expect(parseThru('9')).toBe(9);
    expect(parseThru('-')).toBe(0);
    expect(parseThru('')).toBe(0);
  });

  it('refuses text that is not a value of its kind', () => {
    for (const bad of ['EE', '+', '3.5', 'par', '1e2', '++3', '+-3', true, {}, 2.5])
      expect(parseToPar(bad)).toBeUndefined();
    for (const bad of ['0', '-3', '72**', 'x', '*', 0, -1, 71.5]) expect(parseStrokes(bad)).toBeUndefined();
    for (const bad of ['G', '9.5', 'FF']) expect(parseThru(bad)).toBeUndefined();
  });

  it('property: every to-par the game prints is read back as itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: -40, max: 99 }), (toPar) => {
        expect(parseToPar(formatToPar(toPar))).toBe(toPar);
        expect(parseToPar(String(toPar).replace('-', '\u2212'))).toBe(toPar);
      }),
    );
  });
});

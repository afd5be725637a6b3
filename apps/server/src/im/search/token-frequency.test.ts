import { describe, expect, it } from 'vitest';
import { indexRows, type TokenStats } from './token-frequency';

const stats: TokenStats = {
  rows: 1_000_000,
  common: new Map([
    ['单', 0.3],
    ['报价', 0.1],
    ['价单', 0.08],
    ['ship', 0.02],
    ['shipment', 0.05],
    ['shipped', 0.03],
    ['po', 0.2],
    ['2026', 0.2],
  ]),
  floor: 0.001,
};

describe('how many rows the token index would hand over', () => {
  it('bounds a keyword by its rarest token, and an unlisted token by the floor', () => {
    expect(indexRows(stats, ['单'], false)).toBe(300_000);
    expect(indexRows(stats, ['报价单'], false)).toBe(80_000);
    expect(indexRows(stats, ['锌'], false)).toBe(1_000);
  });

  it('counts every lexeme a prefix starts, even beside a rare token', () => {
    expect(indexRows(stats, ['ship'], false)).toBeCloseTo(101_000);
    expect(indexRows(stats, ['镀锌 ship'], false)).toBeCloseTo(101_000);
    expect(indexRows(stats, ['PO-2026-118'], false)).toBeCloseTo(1_000);
  });

  it('adds keywords joined by or, and takes the rarest joined by and', () => {
    expect(indexRows(stats, ['单', '锌'], false)).toBe(301_000);
    expect(indexRows(stats, ['单', '锌'], true)).toBe(1_000);
  });
});

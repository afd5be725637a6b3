import { describe, expect, it } from 'vitest';
import { loadBenchConfig, sourceAddress } from './config';
import { serverOpenFiles } from './server-process';

describe('spreading the load clients over loopback source addresses', () => {
  it('uses one address, as before, up to 25,000 sessions', () => {
    expect(loadBenchConfig({}).sourceAddresses).toBe(1);
    expect(loadBenchConfig({ BENCH_SESSIONS: '25000' }).sourceAddresses).toBe(1);
  });

  it('adds an address for every further 25,000 sessions', () => {
    expect(loadBenchConfig({ BENCH_SESSIONS: '25001' }).sourceAddresses).toBe(2);
    expect(loadBenchConfig({ BENCH_SESSIONS: '50000' }).sourceAddresses).toBe(2);
    expect(loadBenchConfig({ BENCH_SESSIONS: '100000' }).sourceAddresses).toBe(4);
  });

  it('takes the count from BENCH_SOURCE_ADDRESSES when it is given', () => {
    expect(loadBenchConfig({ BENCH_SESSIONS: '500', BENCH_SOURCE_ADDRESSES: '3' }).sourceAddresses).toBe(3);
    expect(() => loadBenchConfig({ BENCH_SOURCE_ADDRESSES: '0' })).toThrow(/BENCH_SOURCE_ADDRESSES/);
    expect(() => loadBenchConfig({ BENCH_SOURCE_ADDRESSES: '255' })).toThrow(/at most 254/);
  });

  it('numbers the addresses from 127.0.0.1', () => {
    expect([0, 1, 253].map(sourceAddress)).toEqual(['127.0.0.1', '127.0.0.2', '127.0.0.254']);
    expect(() => sourceAddress(254)).toThrow();
  });
});

describe('open files for the server under test', () => {
  it('leaves room beyond one socket per session', () => {
    expect(serverOpenFiles(10_000)).toBe(13_000);
    expect(serverOpenFiles(50_000)).toBeGreaterThan(50_000);
  });
});

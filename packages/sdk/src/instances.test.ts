import { afterEach, describe, expect, it, vi } from 'vitest';
import LiaisonChat from './index';
import { readSDKAppID } from './instances';

describe('create() as Tencent’s: one client per SDKAppID', () => {
  afterEach(() => vi.restoreAllMocks());

  it('returns the same client to every call made Tencent’s way (no server), per SDKAppID', async () => {
    LiaisonChat.setDefaultServer('ws://127.0.0.1:9');
    const app = LiaisonChat.create({ SDKAppID: 1400000101 });
    const kit = LiaisonChat.create({ SDKAppID: 1400000101 });
    const other = LiaisonChat.create({ SDKAppID: 1400000102 });
    expect(kit).toBe(app);
    expect(other).not.toBe(app);
    await app.destroy().catch(() => undefined);
    await other.destroy().catch(() => undefined);
  });

  it('reads a numeric string SDKAppID as Tencent does, and shares with the number', async () => {
    const byNumber = LiaisonChat.create({ SDKAppID: 1400000103 });
    const byString = LiaisonChat.create({ SDKAppID: '1400000103' as unknown as number });
    expect(byString).toBe(byNumber);
    await byNumber.destroy().catch(() => undefined);
  });

  it('makes a new client after destroy()', async () => {
    const first = LiaisonChat.create({ SDKAppID: 1400000104 });
    await first.destroy().catch(() => undefined);
    const second = LiaisonChat.create({ SDKAppID: 1400000104 });
    expect(second).not.toBe(first);
    expect(LiaisonChat.create({ SDKAppID: 1400000104 })).toBe(second);
    await second.destroy().catch(() => undefined);
  });

  it('gives every call naming a server a client of its own, apart from the shared one', async () => {
    const shared = LiaisonChat.create({ SDKAppID: 1400000105 });
    const alice = LiaisonChat.create({ SDKAppID: 1400000105, server: 'ws://127.0.0.1:9' });
    const bob = LiaisonChat.create({ SDKAppID: 1400000105, server: 'ws://127.0.0.1:9' });
    expect(new Set([shared, alice, bob]).size).toBe(3);
    expect(LiaisonChat.create({ SDKAppID: 1400000105 })).toBe(shared);
    await Promise.allSettled([shared.destroy(), alice.destroy(), bob.destroy()]);
  });

  it('logs an error and answers null for an SDKAppID it cannot read, as Tencent’s create does', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(LiaisonChat.create({ SDKAppID: '14ab' as unknown as number })).toBeNull();
    expect(LiaisonChat.create({} as { SDKAppID: number })).toBeNull();
    expect(errors).toHaveBeenCalledWith(expect.any(String), expect.stringContaining('Failed to parse the SDKAppID'));
  });
});

describe('readSDKAppID', () => {
  it('takes numbers as given and strings Tencent’s parseInt reads, and nothing else', () => {
    expect(readSDKAppID(1400000001)).toBe(1400000001);
    expect(readSDKAppID('1400000001')).toBe(1400000001);
    expect(readSDKAppID('1e3')).toBe(1);
    for (const bad of ['12ab', 'abc', undefined, null, {}]) expect(readSDKAppID(bad)).toBeNull();
  });
});

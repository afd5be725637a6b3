import { describe, expect, it } from 'vitest';
import { hashPassword, stopHashingThread, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('verifies a hash made before the hashing thread was stopped, on a new thread', async () => {
    const hash = await hashPassword('Demo2026');
    await stopHashingThread();
    expect(await verifyPassword('Demo2026', hash)).toBe(true);
    expect(await verifyPassword('demo2026', hash)).toBe(false);
  });

  it('leaves the thread running while a hash is in progress', async () => {
    const hashing = hashPassword('Demo2026');
    await stopHashingThread();
    expect(await verifyPassword('Demo2026', await hashing)).toBe(true);
  });
});

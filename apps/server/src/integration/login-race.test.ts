import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { RawClient, startServer } from './harness';

/**
 * A client that leaves while its login is being answered (a tab closed, a reconnect given up)
 * must not stay registered: a session left behind would keep its user online for ever and take
 * pushes for a socket that is gone.
 */
let server: LiaisonServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

describe('a login whose client leaves while it is answered', () => {
  it('leaves no session behind when the socket closes while the login waits for the database', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The embedded database answers one transaction at a time: the login's reads wait behind this one.
    const holding = server.db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      await held;
    });
    const client = await RawClient.open(server);
    void client.login(server, 'lr-leaver');
    await new Promise((resolve) => setTimeout(resolve, 100));
    client.close();
    await new Promise((resolve) => client.socket.once('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await holding;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.gateway.sessionCount()).toBe(0);
  });
});

import { afterAll, beforeAll } from 'vitest';
import type { LiaisonServer } from '../app';
import { type Chat, connect, startServer } from './harness';
import { startStallingProxy } from './stalling-proxy';

/** What a tab needs of a server to connect: its URL and app credentials. */
export type Reachable = Pick<LiaisonServer, 'app' | 'url'>;

/** Host and port of a server, for a proxy in front of it. */
export function backend(server: Pick<Reachable, 'url'>): { host: string; port: number } {
  const { hostname, port } = new URL(server.url);
  return { host: hostname, port: Number(port) };
}

/**
 * The SDK tabs a test opens, logged out (and their proxies stopped) by `closeAll`, which a test
 * file calls before closing its servers.
 */
export class Tabs {
  protected readonly proxies: Array<{ close(): Promise<void> }> = [];
  private readonly chats: Chat[] = [];

  /** A tab straight to `server`. */
  async directOn(server: Reachable, userID: string): Promise<Chat> {
    return this.track(await connect(server, userID));
  }

  /**
   * A tab whose connection can be made to go dead without anyone being told (as a network does);
   * it notices through its heartbeat and reconnects, missing whatever was pushed meanwhile.
   */
  async tabThatCanGoOffline(server: Reachable, userID: string): Promise<{ chat: Chat; goOffline(): void }> {
    const proxy = await startStallingProxy(backend(server));
    this.proxies.push(proxy);
    const chat = this.track(
      await connect({ url: proxy.url, app: server.app }, userID, { heartbeatInterval: 300, requestTimeout: 1_000 }),
    );
    return { chat, goOffline: () => proxy.stall() };
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.chats.splice(0).map((chat) => chat.logout().catch(() => undefined)));
    for (const proxy of this.proxies.splice(0)) await proxy.close();
  }

  protected track(chat: Chat): Chat {
    this.chats.push(chat);
    return chat;
  }
}

/**
 * One server for a test file (or a describe block) and the tabs its tests open on it: started by
 * `start` before the first test; after the last, every tab logs out and the server closes.
 * `server()` is the running server.
 */
export function serverWithTabs(start: () => Promise<LiaisonServer> = () => startServer()): {
  server(): LiaisonServer;
  user(userID: string): Promise<Chat>;
  tabThatCanGoOffline(userID: string): Promise<{ chat: Chat; goOffline(): void }>;
} {
  const tabs = new Tabs();
  let running: LiaisonServer | undefined;
  beforeAll(async () => {
    running = await start();
  });
  afterAll(async () => {
    await tabs.closeAll();
    await running?.close();
  });
  const server = () => {
    if (!running) throw new Error('the test server has not started');
    return running;
  };
  return {
    server,
    user: (userID) => tabs.directOn(server(), userID),
    tabThatCanGoOffline: (userID) => tabs.tabThatCanGoOffline(server(), userID),
  };
}

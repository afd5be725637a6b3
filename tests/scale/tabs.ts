import type { Chat } from '../../apps/server/src/integration/harness';
import { connect } from '../../apps/server/src/integration/harness';
import { backend, type Reachable, Tabs } from '../../apps/server/src/integration/tabs';
import { startFailoverProxy } from './failover-proxy';

/** Tabs of a scale test, each pinned to the server processes a test chooses through a proxy of its own. */
export class ScaleTabs extends Tabs {
  /** A tab of `userID` on `server`. */
  userOn(server: Reachable, userID: string): Promise<Chat> {
    return this.userVia([server], userID);
  }

  /** A tab behind a balancer that prefers the given processes in order (the next when one dies). */
  async userVia(prefer: Reachable[], userID: string): Promise<Chat> {
    const [first] = prefer;
    if (!first) throw new Error('userVia: name at least one process');
    const proxy = await startFailoverProxy(prefer.map(backend));
    this.proxies.push(proxy);
    return this.track(await connect({ url: proxy.url, app: first.app }, userID));
  }
}

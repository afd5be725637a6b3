import type { RequestFunction } from './core/requests';
import { type ChatResponse, ok } from './core/types';
import { ListState, type RefreshLists } from './list-state';

export interface BlacklistContext {
  request: RequestFunction;
  refresh: RefreshLists;
  /** BLACKLIST_UPDATED. */
  onListChanged(userIDList: string[]): void;
}

/**
 * My blocklist as userIDs (as the reference SDK gives it), most recently blocked first. Blocking
 * also ends a friendship and drops friend requests either way, so those lists are fetched too.
 */
export class BlacklistAPI {
  private readonly list: ListState<string[]>;

  constructor(private readonly context: BlacklistContext) {
    this.list = new ListState(context.onListChanged);
  }

  /** Resolves with the userIDs blocked; all or nothing (oneself or someone already blocked: 30001). */
  async addToBlacklist(options: { userIDList: string[] }): Promise<ChatResponse<string[]>> {
    const { userIDList } = await this.context.request('addToBlacklist', { userIDList: options.userIDList });
    await this.context.refresh(['blacklist', 'friendList', 'friendApplicationList', 'friendGroupList']);
    return ok(userIDList);
  }

  /** Resolves with the userIDs unblocked; all or nothing (someone not blocked: 30001). */
  async removeFromBlacklist(options: { userIDList: string[] }): Promise<ChatResponse<string[]>> {
    const { userIDList } = await this.context.request('removeFromBlacklist', { userIDList: options.userIDList });
    await this.context.refresh(['blacklist']);
    return ok(userIDList);
  }

  async getBlacklist(): Promise<ChatResponse<string[]>> {
    return ok(await this.fetchList());
  }

  async fetchList(): Promise<string[]> {
    const { userIDList } = await this.context.request('getBlacklist', {});
    this.list.set(userIDList);
    return userIDList;
  }

  reset(): void {
    this.list.reset();
  }
}

import type { FriendGroup, OpResponse } from '@liaison/protocol';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, ok } from './core/types';
import { ListState, type RefreshLists } from './list-state';

export interface FriendGroupsContext {
  request: RequestFunction;
  refresh: RefreshLists;
  /** FRIEND_GROUP_LIST_UPDATED. */
  onListChanged(list: FriendGroup[]): void;
}

type ChangedGroup = OpResponse<'addToFriendGroup'>;

/**
 * My friend groups as last fetched, and the calls that change them, answering as Tencent's do.
 * A change also changes Friend.groupList, so the friend list is fetched with them.
 */
export class FriendGroupAPI {
  private readonly list: ListState<FriendGroup[]>;

  constructor(private readonly context: FriendGroupsContext) {
    this.list = new ListState(context.onListChanged);
  }

  async getFriendGroupList(): Promise<ChatResponse<FriendGroup[]>> {
    return ok(await this.fetchList());
  }

  /** data: { friendGroup, failureUserIDList } (users not my friends, 30001); 2710 when the name is taken. */
  async createFriendGroup(options: { name: string; userIDList?: string[] }): Promise<ChatResponse<ChangedGroup>> {
    return this.changed(
      await this.context.request('createFriendGroup', { name: options.name, userIDList: options.userIDList }),
    );
  }

  /** data: the group deleted, as Tencent's (its userIDList emptied); 2711 when I have none of that name. */
  async deleteFriendGroup(options: { name: string }): Promise<ChatResponse<FriendGroup>> {
    const { friendGroup } = await this.context.request('deleteFriendGroup', { name: options.name });
    await this.context.refresh(['friendGroupList', 'friendList']);
    return ok({ ...friendGroup, userIDList: [] });
  }

  /** data: the group under its new name. */
  async renameFriendGroup(options: { oldName: string; newName: string }): Promise<ChatResponse<FriendGroup>> {
    const { friendGroup } = await this.context.request('renameFriendGroup', {
      oldName: options.oldName,
      newName: options.newName,
    });
    await this.context.refresh(['friendGroupList', 'friendList']);
    return ok(friendGroup);
  }

  async addToFriendGroup(options: { name: string; userIDList: string[] }): Promise<ChatResponse<ChangedGroup>> {
    return this.changed(
      await this.context.request('addToFriendGroup', { name: options.name, userIDList: options.userIDList }),
    );
  }

  async removeFromFriendGroup(options: { name: string; userIDList: string[] }): Promise<ChatResponse<ChangedGroup>> {
    return this.changed(
      await this.context.request('removeFromFriendGroup', { name: options.name, userIDList: options.userIDList }),
    );
  }

  async fetchList(): Promise<FriendGroup[]> {
    const { friendGroupList } = await this.context.request('getFriendGroupList', {});
    this.list.set(friendGroupList);
    return friendGroupList;
  }

  reset(): void {
    this.list.reset();
  }

  private async changed(result: ChangedGroup): Promise<ChatResponse<ChangedGroup>> {
    await this.context.refresh(['friendGroupList', 'friendList']);
    return ok(result);
  }
}

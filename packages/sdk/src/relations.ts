import type { Friend, PushEvent } from '@liaison/protocol';
import { BlacklistAPI } from './blacklist';
import type { RequestFunction } from './core/requests';
import { EVENT } from './core/types';
import type { Emitter } from './events';
import { FriendApplicationAPI } from './friend-applications';
import { FriendGroupAPI } from './friend-groups';
import { FriendAPI } from './friends';
import type { RefreshLists, RelationListName } from './list-state';

export interface RelationsContext {
  request: RequestFunction;
  events: Pick<Emitter, 'emit'>;
  onError(error: unknown): void;
  /** Before FRIEND_LIST_UPDATED is reported, so a listener reads conversations with the new remarks. */
  onFriendListChanged(list: Friend[]): void;
}

const ALL_LISTS: readonly RelationListName[] = ['friendList', 'friendApplicationList', 'blacklist', 'friendGroupList'];

/**
 * The friend list, friend requests, the blocklist and friend groups (docs/friends-and-blocklist.md), kept
 * current as the reference SDK keeps them: loaded after login and every reconnect, fetched again
 * when the server says one changed (here, on another tab, or by the other party), and after each
 * change made through this SDK, before its call resolves. Each list's event fires when it changed.
 */
export class Relations {
  readonly friends: FriendAPI;
  readonly applications: FriendApplicationAPI;
  readonly blacklist: BlacklistAPI;
  readonly friendGroups: FriendGroupAPI;

  constructor(private readonly context: RelationsContext) {
    const { request, events } = context;
    const refresh: RefreshLists = (lists) => this.refresh(lists);
    this.friends = new FriendAPI({
      request,
      refresh,
      onListChanged: (list) => {
        context.onFriendListChanged(list);
        events.emit(EVENT.FRIEND_LIST_UPDATED, list);
      },
    });
    this.applications = new FriendApplicationAPI({
      request,
      refresh,
      onListChanged: (data) => events.emit(EVENT.FRIEND_APPLICATION_LIST_UPDATED, data),
    });
    this.blacklist = new BlacklistAPI({
      request,
      refresh,
      onListChanged: (list) => events.emit(EVENT.BLACKLIST_UPDATED, list),
    });
    this.friendGroups = new FriendGroupAPI({
      request,
      refresh,
      onListChanged: (list) => events.emit(EVENT.FRIEND_GROUP_LIST_UPDATED, list),
    });
  }

  /** After login and after a reconnect (pushes may have been missed meanwhile). */
  load(): Promise<void> {
    return this.refresh(ALL_LISTS);
  }

  handlePush(data: PushEvent<'relations'>): void {
    void this.refresh(data.lists);
  }

  reset(): void {
    this.friends.reset();
    this.applications.reset();
    this.blacklist.reset();
    this.friendGroups.reset();
  }

  private async refresh(lists: readonly RelationListName[]): Promise<void> {
    const loaders: Record<RelationListName, () => Promise<unknown>> = {
      friendList: () => this.friends.fetchList(),
      friendApplicationList: () => this.applications.fetchList(),
      blacklist: () => this.blacklist.fetchList(),
      friendGroupList: () => this.friendGroups.fetchList(),
    };
    await Promise.all(
      [...new Set(lists)].map((list) => loaders[list]().catch((error: unknown) => this.context.onError(error))),
    );
  }
}

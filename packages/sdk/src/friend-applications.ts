import { type FriendApplication, FriendApplicationType } from '@liaison/protocol';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, ok, type TYPES } from './core/types';
import { ListState, type RefreshLists } from './list-state';

export interface FriendApplicationList {
  friendApplicationList: FriendApplication[];
  /** Requests sent to me that I have not marked read (setFriendApplicationRead). */
  unreadCount: number;
}

export interface FriendApplicationsContext {
  request: RequestFunction;
  refresh: RefreshLists;
  /** FRIEND_APPLICATION_LIST_UPDATED. */
  onListChanged(data: FriendApplicationList): void;
}

export interface AcceptFriendApplicationOptions {
  userID: string;
  /** TYPES.SNS_APPLICATION_AGREE_AND_ADD (default: friends both ways) or SNS_APPLICATION_AGREE. */
  type?: typeof TYPES.SNS_APPLICATION_AGREE | typeof TYPES.SNS_APPLICATION_AGREE_AND_ADD;
  /** My remark for the new friend. */
  remark?: string;
}

export interface DeleteFriendApplicationOptions {
  userID: string;
  /** SENT_BY_ME withdraws mine; anything else (SENT_TO_ME, TYPE_BOTH, none) deletes one sent to me, as Tencent's. */
  type?:
    | typeof TYPES.SNS_APPLICATION_SENT_TO_ME
    | typeof TYPES.SNS_APPLICATION_SENT_BY_ME
    | typeof TYPES.SNS_APPLICATION_TYPE_BOTH;
}

/** Friend requests sent to me and by me, as last fetched, and the calls that answer them. */
export class FriendApplicationAPI {
  private readonly list: ListState<FriendApplicationList>;

  constructor(private readonly context: FriendApplicationsContext) {
    this.list = new ListState(context.onListChanged);
  }

  async getFriendApplicationList(): Promise<ChatResponse<FriendApplicationList>> {
    return ok(await this.fetchList());
  }

  async acceptFriendApplication(
    options: AcceptFriendApplicationOptions,
  ): Promise<ChatResponse<{ userID: string; code: number }>> {
    const result = await this.context.request('acceptFriendApplication', {
      userID: options.userID,
      type: options.type,
      remark: options.remark,
    });
    await this.context.refresh(['friendApplicationList', 'friendList', 'friendGroupList']);
    return ok(result);
  }

  async refuseFriendApplication(options: { userID: string }): Promise<ChatResponse<{ userID: string; code: number }>> {
    const result = await this.context.request('refuseFriendApplication', { userID: options.userID });
    await this.context.refresh(['friendApplicationList']);
    return ok(result);
  }

  async deleteFriendApplication(
    options: DeleteFriendApplicationOptions,
  ): Promise<ChatResponse<{ userID: string; code: number }>> {
    const result = await this.context.request('deleteFriendApplication', {
      userID: options.userID,
      type:
        options.type === FriendApplicationType.SENT_BY_ME
          ? FriendApplicationType.SENT_BY_ME
          : FriendApplicationType.SENT_TO_ME,
    });
    await this.context.refresh(['friendApplicationList']);
    return ok(result);
  }

  /** Marks every request sent to me as read: unreadCount becomes 0 here and on my other tabs. */
  async setFriendApplicationRead(): Promise<ChatResponse<Record<string, never>>> {
    await this.context.request('setFriendApplicationRead', {});
    await this.context.refresh(['friendApplicationList']);
    return ok({});
  }

  async fetchList(): Promise<FriendApplicationList> {
    const data = await this.context.request('getFriendApplicationList', {});
    this.list.set(data);
    return data;
  }

  reset(): void {
    this.list.reset();
  }
}

import {
  ErrorCode,
  type Friend,
  type FriendRelation,
  type OpRequest,
  type OpResponse,
  type Profile,
} from '@liaison/protocol';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, ok, type TYPES } from './core/types';
import { ListState, type RefreshLists } from './list-state';

export interface FriendsContext {
  request: RequestFunction;
  refresh: RefreshLists;
  /** FRIEND_LIST_UPDATED. */
  onListChanged(list: Friend[]): void;
}

export interface AddFriendOptions {
  to: string;
  /** 'AddSource_Type_' and 1–8 letters, e.g. 'AddSource_Type_Web'. */
  source: string;
  /** At most 96 bytes (UTF-8). */
  remark?: string;
  /** At most 256 bytes. */
  wording?: string;
  /** TYPES.SNS_ADD_TYPE_BOTH (default) or SNS_ADD_TYPE_SINGLE. */
  type?: typeof TYPES.SNS_ADD_TYPE_BOTH | typeof TYPES.SNS_ADD_TYPE_SINGLE;
  /** A friend group of mine (at most 30 bytes) the user joins once my friend; made when I have none. */
  groupName?: string;
}

export interface UpdateFriendOptions {
  userID: string;
  remark?: string;
  /** Keys 'Tag_SNS_Custom_' and 1–8 letters or digits; a field given replaces the one of its key. */
  friendCustomField?: Array<{ key: string; value: string }>;
}

export interface DeleteFriendOptions {
  userIDList: string[];
  /** TYPES.SNS_DELETE_TYPE_BOTH (default) or SNS_DELETE_TYPE_SINGLE. */
  type?: typeof TYPES.SNS_DELETE_TYPE_BOTH | typeof TYPES.SNS_DELETE_TYPE_SINGLE;
}

export interface CheckFriendOptions {
  userIDList: string[];
  /** TYPES.SNS_CHECK_TYPE_BOTH (default) or SNS_CHECK_TYPE_SINGLE. */
  type?: typeof TYPES.SNS_CHECK_TYPE_BOTH | typeof TYPES.SNS_CHECK_TYPE_SINGLE;
}

export interface FriendResult {
  userID: string;
  code: number;
}

export interface FriendFailure {
  userID: string;
  code: number;
  message: string;
}

/** The friend calls of the public API, and my friend list as last fetched. */
export class FriendAPI {
  private readonly list: ListState<Friend[]>;

  constructor(private readonly context: FriendsContext) {
    this.list = new ListState(context.onListChanged);
  }

  /**
   * data.code 0: the user is in my friend list now. ErrorCode.FRIEND_APPLICATION_PENDING (30539):
   * they confirm requests, and mine waits for them (FRIEND_APPLICATION_LIST_UPDATED).
   */
  async addFriend(options: AddFriendOptions): Promise<ChatResponse<OpResponse<'addFriend'>>> {
    const result = await this.context.request('addFriend', {
      to: options.to,
      source: options.source,
      remark: options.remark,
      wording: options.wording,
      type: options.type,
      groupName: options.groupName,
    });
    await this.context.refresh(
      result.code === ErrorCode.FRIEND_APPLICATION_PENDING
        ? ['friendApplicationList']
        : ['friendList', 'friendApplicationList', 'friendGroupList'],
    );
    return ok(result);
  }

  async getFriendList(): Promise<ChatResponse<Friend[]>> {
    return ok(await this.fetchList());
  }

  /** Users not in my friend list come back in failureUserIDList (30001). */
  async getFriendProfile(options: {
    userIDList: string[];
  }): Promise<ChatResponse<{ friendList: Friend[]; failureUserIDList: FriendFailure[] }>> {
    return ok(await this.context.request('getFriendProfile', { userIDList: options.userIDList }));
  }

  async updateFriend(options: UpdateFriendOptions): Promise<ChatResponse<Friend>> {
    const body: OpRequest<'updateFriend'> = {
      userID: options.userID,
      remark: options.remark,
      friendCustomField: options.friendCustomField?.map(({ key, value }) => ({ key, value })),
    };
    const { friend } = await this.context.request('updateFriend', body);
    const current = this.list.current;
    if (current) this.list.set(current.map((f) => (f.userID === friend.userID ? friend : f)));
    return ok(friend);
  }

  async deleteFriend(
    options: DeleteFriendOptions,
  ): Promise<ChatResponse<{ successUserIDList: FriendResult[]; failureUserIDList: FriendFailure[] }>> {
    const result = await this.context.request('deleteFriend', { userIDList: options.userIDList, type: options.type });
    await this.context.refresh(['friendList', 'friendGroupList']);
    return ok(result);
  }

  /** Each user's relation to me: TYPES.SNS_TYPE_BOTH_WAY, _A_WITH_B (in my list), _B_WITH_A, _NO_RELATION. */
  async checkFriend(options: CheckFriendOptions): Promise<
    ChatResponse<{
      successUserIDList: Array<FriendResult & { relation: FriendRelation }>;
      failureUserIDList: FriendFailure[];
    }>
  > {
    return ok(await this.context.request('checkFriend', { userIDList: options.userIDList, type: options.type }));
  }

  /** A pushed profile of a friend replaces the one in my list (FRIEND_LIST_UPDATED); others change nothing. */
  acceptProfiles(profiles: readonly Profile[]): void {
    const current = this.list.current;
    if (!current) return;
    const byID = new Map(profiles.map((p) => [p.userID, p]));
    if (!current.some((f) => byID.has(f.userID))) return;
    this.list.set(current.map((f) => ({ ...f, profile: byID.get(f.userID) ?? f.profile })));
  }

  /** Fetches the list, reporting FRIEND_LIST_UPDATED when it changed. */
  async fetchList(): Promise<Friend[]> {
    const { friendList } = await this.context.request('getFriendList', {});
    this.list.set(friendList);
    return friendList;
  }

  reset(): void {
    this.list.reset();
  }
}

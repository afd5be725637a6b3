import { FollowLimits, FollowType, type FollowUser, type OpResponse, type PushEvent } from '@liaison/protocol';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, EVENT, ok } from './core/types';
import type { Emitter } from './events';

export interface FollowsContext {
  request: RequestFunction;
  events: Pick<Emitter, 'emit'>;
}

type ResultList = OpResponse<'followUser'>['resultList'];
type FollowInfo = OpResponse<'getUserFollowInfo'>['followInfoList'][number];
type FollowCheck = OpResponse<'checkFollowType'>['resultList'];

const EVENT_OF = {
  [FollowType.FOLLOWERS]: EVENT.MY_FOLLOWERS_LIST_UPDATED,
  [FollowType.FOLLOWING]: EVENT.MY_FOLLOWING_LIST_UPDATED,
  [FollowType.MUTUAL]: EVENT.MUTUAL_FOLLOWERS_LIST_UPDATED,
} as const;

/**
 * Follows, with Tencent's call forms and answers (docs/friends-and-blocklist.md): arrays of
 * userIDs in, `data` an array per user, lists paged by an opaque cursor ('' on the last page).
 * Changes come as pushes, on every tab of both users, the calling one included, as Tencent's.
 */
export class Follows {
  constructor(private readonly context: FollowsContext) {}

  /** data: [{ userID, resultCode, resultInfo }] per user (0, 30001 oneself or past 5000, 20003 unknown). */
  async followUser(userIDList: string[]): Promise<ChatResponse<ResultList>> {
    return ok((await this.context.request('followUser', { userIDList })).resultList);
  }

  async unfollowUser(userIDList: string[]): Promise<ChatResponse<ResultList>> {
    return ok((await this.context.request('unfollowUser', { userIDList })).resultList);
  }

  /** data: { resultList: [{ userID, followTime, nick, avatar, … }], nextCursor }, 500 a page. */
  getMyFollowersList(nextCursor = ''): Promise<ChatResponse<FollowPage>> {
    return this.page(FollowType.FOLLOWERS, nextCursor);
  }

  getMyFollowingList(nextCursor = ''): Promise<ChatResponse<FollowPage>> {
    return this.page(FollowType.FOLLOWING, nextCursor);
  }

  getMutualFollowersList(nextCursor = ''): Promise<ChatResponse<FollowPage>> {
    return this.page(FollowType.MUTUAL, nextCursor);
  }

  /** data: [{ userID, followersCount, followingCount, mutualFollowersCount }], mine when no list is given. */
  async getUserFollowInfo(userIDList?: string[]): Promise<ChatResponse<FollowInfo[]>> {
    return ok((await this.context.request('getUserFollowInfo', { userIDList })).followInfoList);
  }

  /** data: [{ userID, followType }] with 0 none, 1 follows me, 2 I follow, 3 both; the first 100 users, as Tencent's. */
  async checkFollowType(userIDList: string[]): Promise<ChatResponse<FollowCheck>> {
    const asked = userIDList.slice(0, FollowLimits.QUERY_MAX);
    return ok((await this.context.request('checkFollowType', { userIDList: asked })).resultList);
  }

  handlePush(data: PushEvent<'follow'>): void {
    for (const change of data.changes) {
      const name = EVENT_OF[change.followType];
      if (change.isAdd) this.context.events.emit(name, { userInfoList: change.userList, isAdd: true });
      else this.context.events.emit(name, { userInfoList: change.userList.map((u) => u.userID), isAdd: false });
    }
  }

  private async page(
    type: typeof FollowType.FOLLOWERS | typeof FollowType.FOLLOWING | typeof FollowType.MUTUAL,
    nextCursor: string,
  ): Promise<ChatResponse<FollowPage>> {
    return ok(await this.context.request('getFollowList', { type, nextCursor }));
  }
}

export interface FollowPage {
  resultList: FollowUser[];
  nextCursor: string;
}

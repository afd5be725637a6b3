import type { GroupMember, GroupProfile, GroupType, JoinOption, JoinStatus, PushEvent } from '@liaison/protocol';
import type { RequestFunction } from './requests';
import { type ChatResponse, ok } from './types';

/** A group as the logged-in user sees it (selfInfo is null when they are not a member). */
export type Group = GroupProfile;

export interface CreateGroupOptions {
  type: GroupType;
  name: string;
  groupID?: string;
  memberList?: Array<{ userID: string }>;
  introduction?: string;
  notification?: string;
  avatar?: string;
  joinOption?: JoinOption;
}

export interface GroupsContext {
  request: RequestFunction;
  /** The group list changed: GROUP_LIST_UPDATED. */
  onListChanged(groupList: Group[]): void;
  onError(error: unknown): void;
}

/** The group calls of the public API, and the local group list they and pushes keep current. */
export class GroupAPI {
  private groups: Map<string, Group> | null = null;

  constructor(private readonly context: GroupsContext) {}

  /** Loads the list (after login or reconnect); failures are reported, not thrown. */
  async load(): Promise<void> {
    try {
      await this.fetchList();
    } catch (error) {
      this.context.onError(error);
    }
  }

  /** Joined, quit or created elsewhere: reload the list, or apply the change if that fails. */
  async handlePush(data: PushEvent<'groupList'>): Promise<void> {
    try {
      await this.fetchList();
    } catch {
      const next = new Map(this.groups ?? []);
      for (const group of data.joined) next.set(group.groupID, group);
      for (const groupID of data.left) next.delete(groupID);
      this.replace(next);
    }
  }

  async createGroup(options: CreateGroupOptions): Promise<ChatResponse<{ group: Group }>> {
    const { group } = await this.context.request('createGroup', {
      type: options.type,
      name: options.name,
      groupID: options.groupID,
      introduction: options.introduction,
      notification: options.notification,
      avatar: options.avatar,
      joinOption: options.joinOption,
      memberList: options.memberList?.map(({ userID }) => ({ userID })),
    });
    this.upsert(group);
    return ok({ group });
  }

  async joinGroup(options: {
    groupID: string;
    applyMessage?: string;
  }): Promise<ChatResponse<{ status: JoinStatus; group: Group }>> {
    const result = await this.context.request('joinGroup', {
      groupID: options.groupID,
      applyMessage: options.applyMessage,
    });
    this.upsert(result.group);
    return ok({ status: result.status, group: result.group });
  }

  async quitGroup(groupID: string): Promise<ChatResponse<{ groupID: string }>> {
    const result = await this.context.request('quitGroup', { groupID });
    if (this.groups?.has(result.groupID)) {
      const next = new Map(this.groups);
      next.delete(result.groupID);
      this.replace(next);
    }
    return ok({ groupID: result.groupID });
  }

  async getGroupList(): Promise<ChatResponse<{ groupList: Group[] }>> {
    return ok({ groupList: await this.fetchList() });
  }

  async getGroupProfile(options: { groupID: string }): Promise<ChatResponse<{ group: Group }>> {
    const { group } = await this.context.request('getGroupProfile', { groupID: options.groupID });
    if (this.groups?.has(group.groupID)) this.upsert(group);
    return ok({ group });
  }

  async getGroupMemberList(options: {
    groupID: string;
    count?: number;
    offset?: number;
  }): Promise<ChatResponse<{ memberList: GroupMember[]; offset: number }>> {
    const result = await this.context.request('getGroupMemberList', {
      groupID: options.groupID,
      count: options.count,
      offset: options.offset,
    });
    return ok({ memberList: result.memberList, offset: result.offset });
  }

  /** The list as last loaded, or empty before the first load. */
  list(): Group[] {
    return [...(this.groups?.values() ?? [])];
  }

  reset(): void {
    this.groups = null;
  }

  private async fetchList(): Promise<Group[]> {
    const { groupList } = await this.context.request('getGroupList', {});
    this.replace(new Map(groupList.map((group) => [group.groupID, group])));
    return groupList;
  }

  private upsert(group: Group): void {
    const next = new Map(this.groups ?? []);
    next.set(group.groupID, group);
    this.replace(next);
  }

  /** Swaps in a new list and reports it if it differs from the old one. */
  private replace(next: Map<string, Group>): void {
    const before = this.groups ? JSON.stringify([...this.groups.values()]) : null;
    this.groups = next;
    const list = [...next.values()];
    if (JSON.stringify(list) !== before) this.context.onListChanged(list);
  }
}

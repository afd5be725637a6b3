import {
  type GroupMember,
  type GroupProfile,
  type GroupRole,
  GroupTipOperation,
  type GroupTipPayload,
  type GroupType,
  type JoinOption,
  messageForShow,
  type PushEvent,
} from '@liaison/protocol';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, ok } from './core/types';
import type { Message, MessageOf } from './message-types';

/** A group as the logged-in user sees it (selfInfo is null when they are not a member). */
export type Group = GroupProfile;

export interface CreateGroupOptions {
  type: GroupType;
  name: string;
  groupID?: string;
  /** role 'Admin' (TYPES.GRP_MBR_ROLE_ADMIN) makes the member an admin at once. */
  memberList?: Array<{ userID: string; role?: string }>;
  /** At most the type's limit (the default). */
  maxMemberNum?: number;
  introduction?: string;
  notification?: string;
  avatar?: string;
  joinOption?: JoinOption;
  /** GRP_COMMUNITY only: a community whose messages go to its topics (topics.ts). */
  isSupportTopic?: boolean;
  /** [{key, value}]; any key, within Tencent's limits (docs/groups.md). */
  groupCustomField?: Array<{ key: string; value: string }>;
}

export interface GroupsContext {
  request: RequestFunction;
  me(): string;
  /** The group list changed: GROUP_LIST_UPDATED. */
  onListChanged(groupList: Group[]): void;
  /** One group's profile changed (a tip): its conversation follows. */
  onGroupChanged(group: Group): void;
  /** I am in this group now (created, joined, added, let in): its conversation shows at once. */
  onJoined(group: Group): void;
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
    for (const group of data.joined) this.context.onJoined(group);
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
      // Tencent's UI kit sends '' when the user names no ID; Tencent's server then assigns one.
      groupID: options.groupID || undefined,
      introduction: options.introduction,
      notification: options.notification,
      avatar: options.avatar,
      joinOption: options.joinOption,
      maxMemberNum: options.maxMemberNum,
      memberList: options.memberList?.map(({ userID, role }) => ({
        userID,
        // Another role is the server's to refuse (60003), as the reference refuses it.
        role: role as 'Admin' | 'Member' | undefined,
      })),
      isSupportTopic: options.isSupportTopic,
      groupCustomField: options.groupCustomField,
    });
    this.joined(group);
    return ok({ group });
  }

  async getGroupList(): Promise<ChatResponse<{ groupList: Group[] }>> {
    return ok({ groupList: await this.fetchList() });
  }

  /** groupCustomFieldFilter: only those custom fields in the answer, as Tencent's (the listed group keeps all). */
  async getGroupProfile(options: {
    groupID: string;
    groupCustomFieldFilter?: string[];
  }): Promise<ChatResponse<{ group: Group }>> {
    const { group } = await this.context.request('getGroupProfile', { groupID: options.groupID });
    if (this.groups?.has(group.groupID)) this.upsert(group);
    const filter = options.groupCustomFieldFilter;
    if (!filter) return ok({ group });
    return ok({ group: { ...group, groupCustomField: group.groupCustomField.filter((f) => filter.includes(f.key)) } });
  }

  /**
   * offset as a number or its string form (the reference's AVChatRoom paging); role: only members of
   * that role; filter: only members with that mark (markGroupMemberList; 0: every member).
   */
  async getGroupMemberList(options: {
    groupID: string;
    count?: number;
    offset?: number | string;
    role?: string;
    filter?: number;
  }): Promise<ChatResponse<{ memberList: GroupMember[]; offset: number }>> {
    const result = await this.context.request('getGroupMemberList', {
      groupID: options.groupID,
      count: options.count,
      offset: options.offset,
      role: options.role as GroupRole | undefined,
      filter: options.filter,
    });
    return ok({ memberList: result.memberList, offset: result.offset });
  }

  /** The list as last loaded, or empty before the first load. */
  list(): Group[] {
    return [...(this.groups?.values() ?? [])];
  }

  get(groupID: string): Group | undefined {
    return this.groups?.get(groupID);
  }

  /** I am in the group now: listed, and its conversation shown. */
  joined(group: Group): void {
    this.put(group);
    this.context.onJoined(group);
  }

  /** A group I am in now (or whose profile an answer brought): listed as given. */
  put(group: Group): void {
    if (group.selfInfo) this.upsert(group);
    else if (this.groups?.has(group.groupID)) this.remove(group.groupID);
  }

  /** I am out of the group (removed, dismissed, quit): it leaves the list. */
  remove(groupID: string): void {
    if (!this.groups?.has(groupID)) return;
    const next = new Map(this.groups);
    next.delete(groupID);
    this.replace(next);
  }

  /**
   * A group tip, live or synced (in order): the listed group follows it as the reference SDK's
   * does (member count, profile fields, owner, my role and my mute), without asking the server.
   */
  applyTip(message: MessageOf<'TIMGroupTipElem'>): void {
    const group = this.groups?.get(message.to);
    if (!group) return;
    const next = withTip(group, message, this.context.me());
    if (next === group) return;
    this.upsert(next);
    this.context.onGroupChanged(next);
  }

  /**
   * A message stored in a listed group (live or synced): its nextMessageSeq and lastMessage follow,
   * without GROUP_LIST_UPDATED, as Tencent's SDK keeps them.
   */
  handleMessage(message: Message): void {
    const group = this.groups?.get(message.to);
    if (!group || message.conversationType !== 'GROUP' || message.sequence < group.nextMessageSeq) return;
    this.groups?.set(group.groupID, {
      ...group,
      nextMessageSeq: message.sequence + 1,
      lastMessage: {
        lastTime: message.time,
        lastSequence: message.sequence,
        fromAccount: message.from,
        messageForShow: message.isRevoked || message.hasRiskContent ? '' : messageForShow(message),
      },
    });
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

/** The group after one tip, or the same object when the tip changes nothing I hold. */
function withTip(group: Group, message: MessageOf<'TIMGroupTipElem'>, me: string): Group {
  const tip = message.payload;
  let next: Group = { ...group, memberCount: tip.memberNum };
  const self = group.selfInfo;
  switch (tip.operationType) {
    case GroupTipOperation.SET_ADMIN:
    case GroupTipOperation.CANCEL_ADMIN:
      if (self && tip.userIDList.includes(me)) {
        const role = tip.operationType === GroupTipOperation.SET_ADMIN ? 'Admin' : 'Member';
        next = { ...next, selfInfo: { ...self, role } };
      }
      break;
    case GroupTipOperation.GROUP_PROFILE_UPDATED:
      next = {
        ...withProfileChanges(next, tip.newGroupProfile ?? {}, me),
        infoSequence: group.infoSequence + 1,
        lastInfoTime: message.time,
      };
      break;
    case GroupTipOperation.MEMBER_PROFILE_UPDATED: {
      const mine = tip.memberList?.find((member) => member.userID === me);
      if (self && mine) {
        next = { ...next, selfInfo: { ...self, muteTime: mine.muteTime > 0 ? message.time + mine.muteTime : 0 } };
      }
      break;
    }
  }
  return JSON.stringify(next) === JSON.stringify(group) ? group : next;
}

/** newGroupProfile of a profile tip: the fields it names, and my role when the owner changed. */
function withProfileChanges(group: Group, changes: NonNullable<GroupTipPayload['newGroupProfile']>, me: string): Group {
  const next: Group = { ...group };
  if (Array.isArray(changes.groupCustomField)) {
    const fields = new Map(group.groupCustomField.map((f) => [f.key, f.value]));
    for (const { key, value } of changes.groupCustomField) {
      if (value === '') fields.delete(key);
      else fields.set(key, value);
    }
    next.groupCustomField = [...fields].map(([key, value]) => ({ key, value }));
  }
  if (typeof changes.name === 'string') next.name = changes.name;
  if (typeof changes.introduction === 'string') next.introduction = changes.introduction;
  if (typeof changes.notification === 'string') next.notification = changes.notification;
  if (typeof changes.avatar === 'string') next.avatar = changes.avatar;
  if (typeof changes.muteAllMembers === 'boolean') next.muteAllMembers = changes.muteAllMembers;
  if (
    changes.joinOption === 'FreeAccess' ||
    changes.joinOption === 'NeedPermission' ||
    changes.joinOption === 'DisableApply'
  ) {
    next.joinOption = changes.joinOption;
  }
  if (typeof changes.ownerID === 'string') {
    next.ownerID = changes.ownerID;
    const self = group.selfInfo;
    if (self && changes.ownerID === me) next.selfInfo = { ...self, role: 'Owner', muteTime: 0 };
    else if (self?.role === 'Owner') next.selfInfo = { ...self, role: 'Member' };
  }
  return next;
}

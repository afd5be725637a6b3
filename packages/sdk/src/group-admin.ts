import {
  ErrorCode,
  type GroupApplication,
  type GroupMember,
  GroupSystemNoticeType,
  type JoinOption,
  type JoinStatus,
  LiaisonError,
  Limits,
  type WireMessage,
} from '@liaison/protocol';
import type { ConversationAPI } from './conversations';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, EVENT, ok, TYPES } from './core/types';
import type { Emitter } from './events';
import type { Group, GroupAPI } from './groups';
import { fromWire } from './message-model';
import type { Message, MessageOf } from './message-types';

export interface GroupAdminContext {
  request: RequestFunction;
  me(): string;
  groups: GroupAPI;
  conversations: ConversationAPI;
  events: Emitter;
}

/** A group system notice as GROUP_SYSTEM_NOTICE_RECEIVED carries it (conversationID '@TIM#SYSTEM'). */
export type GroupSystemNoticeMessage = MessageOf<'TIMGroupSystemNoticeElem'>;

/**
 * handleGroupApplication takes the request as getGroupApplicationList lists it (`application`), or
 * the join-request notice (`message`, as the reference SDK's older form).
 */
export interface HandleGroupApplicationOptions {
  /** 'Agree' or 'Reject', typed as Tencent types it (string); the server refuses anything else with 60003. */
  handleAction: string;
  handleMessage?: string;
  application?: Pick<GroupApplication, 'groupID' | 'applicant'>;
  /** The join request's notice; typed as Tencent types it (any Message), anything else is refused (60003). */
  message?: Message;
}

export interface UpdateGroupProfileOptions {
  groupID: string;
  name?: string;
  introduction?: string;
  notification?: string;
  avatar?: string;
  muteAllMembers?: boolean;
  joinOption?: JoinOption;
  /** The fields named are set, an empty value removes its key; the others stay. */
  groupCustomField?: Array<{ key: string; value: string }>;
}

/** Operation types of the notices that take me out of a group: the conversation's operationType. */
const LEAVING: ReadonlySet<number> = new Set([
  GroupSystemNoticeType.KICKED_OUT,
  GroupSystemNoticeType.DISMISSED,
  GroupSystemNoticeType.QUIT,
]);

/**
 * Group life cycle and administration, with the reference SDK's names and shapes; the server
 * decides who may (docs/groups.md). Answers and notices keep the group list and the conversation
 * list current: a group I join shows at once, one I leave goes from the group list and its
 * conversation stays with the reason (operationType).
 */
export class GroupAdmin {
  constructor(private readonly context: GroupAdminContext) {}

  async joinGroup(options: {
    groupID: string;
    applyMessage?: string;
    /** The reference needs it for AVChatRoom on the web; the server knows every group's type. */
    type?: string;
  }): Promise<ChatResponse<{ status: JoinStatus; group: Group }>> {
    const { status, group } = await this.context.request('joinGroup', {
      groupID: options.groupID,
      applyMessage: options.applyMessage,
    });
    if (status !== 'WaitAdminApproval') this.context.groups.joined(group);
    return ok({ status, group });
  }

  async getGroupApplicationList(): Promise<ChatResponse<{ applicationList: GroupApplication[] }>> {
    return ok(await this.context.request('getGroupApplicationList', {}));
  }

  async handleGroupApplication(options: HandleGroupApplicationOptions): Promise<ChatResponse<{ group: Group }>> {
    const target = applicationOf(options);
    const { group } = await this.context.request('handleGroupApplication', {
      ...target,
      handleAction: options.handleAction as 'Agree' | 'Reject',
      handleMessage: options.handleMessage,
    });
    this.context.groups.put(group);
    return ok({ group });
  }

  async addGroupMember(options: { groupID: string; userIDList: string[] }): Promise<
    ChatResponse<{
      successUserIDList: string[];
      failureUserIDList: string[];
      existedUserIDList: string[];
      group: Group;
    }>
  > {
    const result = await this.context.request('addGroupMember', {
      groupID: options.groupID,
      userIDList: options.userIDList,
    });
    this.context.groups.put(result.group);
    return ok(result);
  }

  async deleteGroupMember(options: {
    groupID: string;
    userIDList: string[];
    reason?: string;
  }): Promise<ChatResponse<{ group: Group; userIDList: string[] }>> {
    const result = await this.context.request('deleteGroupMember', {
      groupID: options.groupID,
      userIDList: options.userIDList,
      reason: options.reason || undefined,
    });
    this.context.groups.put(result.group);
    return ok(result);
  }

  async quitGroup(groupID: string): Promise<ChatResponse<{ groupID: string }>> {
    const result = await this.context.request('quitGroup', { groupID });
    this.left(result.groupID, GroupSystemNoticeType.QUIT);
    return ok(result);
  }

  async dismissGroup(groupID: string): Promise<ChatResponse<{ groupID: string }>> {
    const result = await this.context.request('dismissGroup', { groupID });
    this.left(result.groupID, GroupSystemNoticeType.DISMISSED);
    return ok(result);
  }

  async changeGroupOwner(options: { groupID: string; newOwnerID: string }): Promise<ChatResponse<{ group: Group }>> {
    return this.groupResult(await this.context.request('changeGroupOwner', options));
  }

  async setGroupMemberRole(options: {
    groupID: string;
    userID: string;
    role: 'Admin' | 'Member';
  }): Promise<ChatResponse<{ group: Group }>> {
    return this.groupResult(await this.context.request('setGroupMemberRole', options));
  }

  /** muteTime in seconds from now; 0 cancels. */
  async setGroupMemberMuteTime(options: {
    groupID: string;
    userID: string;
    muteTime: number;
  }): Promise<ChatResponse<{ group: Group; member: GroupMember }>> {
    const result = await this.context.request('setGroupMemberMuteTime', options);
    this.context.groups.put(result.group);
    return ok(result);
  }

  async updateGroupProfile(options: UpdateGroupProfileOptions): Promise<ChatResponse<{ group: Group }>> {
    return this.groupResult(await this.context.request('updateGroupProfile', options));
  }

  async getGroupMemberProfile(options: {
    groupID: string;
    userIDList: string[];
  }): Promise<ChatResponse<{ memberList: GroupMember[] }>> {
    return ok(
      await this.context.request('getGroupMemberProfile', { groupID: options.groupID, userIDList: options.userIDList }),
    );
  }

  async setGroupMemberNameCard(options: {
    groupID: string;
    userID?: string;
    nameCard: string;
  }): Promise<ChatResponse<{ group: Group }>> {
    return this.groupResult(await this.context.request('setGroupMemberNameCard', options));
  }

  /** userID defaults to me; an empty value removes the key. */
  async setGroupMemberCustomField(options: {
    groupID: string;
    userID?: string;
    memberCustomField: Array<{ key: string; value: string }>;
  }): Promise<ChatResponse<{ group: Group }>> {
    return this.groupResult(
      await this.context.request('setGroupMemberCustomField', {
        groupID: options.groupID,
        userID: options.userID,
        memberCustomField: options.memberCustomField,
      }),
    );
  }

  /**
   * The owner marks members (enableMark) or takes the mark off. As Tencent's SDK, only the first
   * 500 users named are sent; the rest fail with those who are not members.
   */
  async markGroupMemberList(options: {
    groupID: string;
    userIDList: string[];
    markType: number;
    enableMark: boolean;
  }): Promise<ChatResponse<{ successUserIDList: string[]; failureUserIDList: string[] }>> {
    const sent = options.userIDList.slice(0, Limits.MARK_MEMBERS_PER_CALL_MAX);
    const result = await this.context.request('markGroupMemberList', {
      groupID: options.groupID,
      userIDList: sent,
      markType: options.markType,
      enableMark: options.enableMark,
    });
    return ok({
      successUserIDList: result.successUserIDList,
      failureUserIDList: [...result.failureUserIDList, ...options.userIDList.slice(sent.length)],
    });
  }

  async searchGroupByID(groupID: string): Promise<ChatResponse<{ group: Group }>> {
    return ok(await this.context.request('searchGroupByID', { groupID }));
  }

  async getGroupOnlineMemberCount(groupID: string): Promise<ChatResponse<{ memberCount: number }>> {
    return ok(await this.context.request('getGroupOnlineMemberCount', { groupID }));
  }

  /**
   * A group system notice arrived: removed, dismissed or quit (here or on another tab) ends the
   * group for me; every notice is MESSAGE_RECEIVED, as Tencent's 3.x (whose UI engine reads
   * notices there), and GROUP_SYSTEM_NOTICE_RECEIVED `{message, type}`, its v2 event.
   */
  handleNotice(wire: WireMessage): void {
    if (wire.type !== 'TIMGroupSystemNoticeElem') return;
    const message: GroupSystemNoticeMessage = {
      ...(fromWire(wire, this.context.me()) as GroupSystemNoticeMessage),
      conversationID: TYPES.CONV_SYSTEM,
      isSystemMessage: true,
    };
    const { operationType, groupProfile } = message.payload;
    if (LEAVING.has(operationType)) this.left(groupProfile.groupID, operationType);
    this.context.events.emit(EVENT.MESSAGE_RECEIVED, [message]);
    this.context.events.emit(EVENT.GROUP_SYSTEM_NOTICE_RECEIVED, { message, type: operationType });
  }

  private left(groupID: string, operationType: number): void {
    this.context.groups.remove(groupID);
    this.context.conversations.handleGroupLeft(groupID, operationType);
  }

  private groupResult(result: { group: Group }): ChatResponse<{ group: Group }> {
    this.context.groups.put(result.group);
    this.context.conversations.handleGroupChanged(result.group);
    return ok({ group: result.group });
  }
}

function applicationOf(options: HandleGroupApplicationOptions): { groupID: string; applicant: string } {
  if (options.application) {
    return { groupID: options.application.groupID, applicant: options.application.applicant };
  }
  const message = options.message;
  if (
    message?.type === TYPES.MSG_GRP_SYS_NOTICE &&
    message.payload.operationType === GroupSystemNoticeType.JOIN_REQUEST
  ) {
    return { groupID: message.payload.groupProfile.groupID, applicant: message.payload.operatorID };
  }
  throw new LiaisonError(
    ErrorCode.INVALID_PARAMS,
    'Give the application (getGroupApplicationList) or its notice message',
  );
}

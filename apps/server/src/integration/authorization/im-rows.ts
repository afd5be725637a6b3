import { ErrorCode, type OpName } from '@liaison/protocol';

/**
 * Who may call each IM op, one row per op (or per case of an op). The suite
 * (authorization-matrix.test.ts) runs every cell against a real server and fails when an op in
 * `ops` has no row here, so a new op cannot ship without declaring its callers.
 *
 * Columns, for a group G made fresh for every cell (owner creates it with admin and member in
 * it and sends one message):
 * - visitor: a socket that has not logged in;
 * - otherUser: logged in, shares no conversation or group with anyone here;
 * - nonMember: logged in, not in G, but has a one-to-one chat with member;
 * - member, admin, owner: G's ordinary member, its admin (role Admin) and its owner;
 * - platformAdmin: a portal administrator logged in to IM, not in G.
 * Not yet a column: sub-account (no sub-accounts exist). Muted and removed members have their
 * own table, with every group type (group-admin-matrix.test.ts).
 *
 * A C2C row addresses `peer`: member for everyone but member, who addresses owner. Nobody here
 * blocks or befriends anyone; the blocklist and friendship rules of C2C sends have their own
 * table (friend-authorization.test.ts).
 */
export const IM_ROLES = ['visitor', 'otherUser', 'nonMember', 'member', 'admin', 'owner', 'platformAdmin'] as const;
export type ImRole = (typeof IM_ROLES)[number];

/** 'allow', or the catalogue code the refusal must carry. */
export type Expect = 'allow' | ErrorCode;

export interface Subject {
  /** The acting user (the visitor gets a fresh ID so its login can succeed). */
  self: string;
  peer: string;
  groupID: string;
  /** A message ID stored in G, for paging. */
  groupMessageID: string;
  /** The downloadKey of a merged record the owner sent in G. */
  groupRecordKey: string;
  /** A valid userSig for `self`, and the server's app ID. */
  userSig: string;
  sdkAppID: number;
}

export interface ImRow {
  op: OpName;
  /** What differs when an op has several rows. */
  case?: string;
  /** G's type for this row; default Public with free access, so joinGroup can succeed. */
  groupType?: 'Public' | 'Private' | 'Community';
  body(subject: Subject): unknown;
  cells: Record<ImRole, Expect>;
  /**
   * Undoes what an allowed cell left running (a call that would ring on and time out during later
   * cells), through the same socket.
   */
  afterAllowed?(data: unknown, request: (op: string, body: unknown) => Promise<unknown>): Promise<void>;
}

const { NOT_LOGGED_IN } = ErrorCode;

/** Any logged-in user may; the visitor is told to log in. */
const anyUser = (): Record<ImRole, Expect> => ({
  visitor: NOT_LOGGED_IN,
  otherUser: 'allow',
  nonMember: 'allow',
  member: 'allow',
  admin: 'allow',
  owner: 'allow',
  platformAdmin: 'allow',
});

/** G's members may; everyone else gets `outsider`. */
const membersOf = (outsider: ErrorCode): Record<ImRole, Expect> => ({
  visitor: NOT_LOGGED_IN,
  otherUser: outsider,
  nonMember: outsider,
  member: 'allow',
  admin: 'allow',
  owner: 'allow',
  platformAdmin: outsider,
});

/** Every logged-in caller gets `code`. */
const notForAnyone = (code: ErrorCode): Omit<Record<ImRole, Expect>, 'visitor'> => ({
  otherUser: code,
  nonMember: code,
  member: code,
  admin: code,
  owner: code,
  platformAdmin: code,
});

const c2c = (s: Subject) => `C2C${s.peer}`;
const group = (s: Subject) => `GROUP${s.groupID}`;
const text = (to: string, conversationType: 'C2C' | 'GROUP') => ({
  ID: `az-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  conversationType,
  to,
  type: 'TIMTextElem',
  payload: { text: 'matrix' },
  clientTime: 1,
  random: 1,
});

export const imRows: ImRow[] = [
  {
    op: 'login',
    body: (s) => ({ SDKAppID: s.sdkAppID, userID: s.self, userSig: s.userSig }),
    // With valid credentials: the visitor logs in; everyone already logged in is told so.
    cells: {
      visitor: 'allow',
      otherUser: ErrorCode.ALREADY_LOGGED_IN,
      nonMember: ErrorCode.ALREADY_LOGGED_IN,
      member: ErrorCode.ALREADY_LOGGED_IN,
      admin: ErrorCode.ALREADY_LOGGED_IN,
      owner: ErrorCode.ALREADY_LOGGED_IN,
      platformAdmin: ErrorCode.ALREADY_LOGGED_IN,
    },
  },
  { op: 'heartbeat', body: () => ({}), cells: anyUser() },
  { op: 'logout', body: () => ({}), cells: anyUser() },
  { op: 'getMyProfile', body: () => ({}), cells: anyUser() },
  { op: 'getUserProfile', body: (s) => ({ userIDList: [s.peer] }), cells: anyUser() },
  { op: 'updateMyProfile', body: () => ({ selfSignature: 'matrix' }), cells: anyUser() },
  { op: 'sendMessage', case: 'C2C', body: (s) => text(s.peer, 'C2C'), cells: anyUser() },
  {
    op: 'sendMessage',
    case: 'to group G',
    body: (s) => text(s.groupID, 'GROUP'),
    cells: membersOf(ErrorCode.GROUP_NOT_MEMBER),
  },
  { op: 'getMessageList', case: 'C2C', body: (s) => ({ conversationID: c2c(s) }), cells: anyUser() },
  {
    op: 'getMessageList',
    case: 'group G',
    body: (s) => ({ conversationID: group(s), nextReqMessageID: s.groupMessageID }),
    cells: membersOf(ErrorCode.GROUP_NOT_MEMBER),
  },
  { op: 'syncMessages', case: 'C2C', body: (s) => ({ conversationID: c2c(s), afterSequence: 0 }), cells: anyUser() },
  {
    op: 'syncMessages',
    case: 'group G',
    body: (s) => ({ conversationID: group(s), afterSequence: 0 }),
    cells: membersOf(ErrorCode.GROUP_NOT_MEMBER),
  },
  { op: 'getConversationList', body: () => ({}), cells: anyUser() },
  { op: 'getConversationProfile', case: 'C2C', body: (s) => ({ conversationID: c2c(s) }), cells: anyUser() },
  {
    op: 'getConversationProfile',
    case: 'group G',
    body: (s) => ({ conversationID: group(s) }),
    cells: membersOf(ErrorCode.CONVERSATION_NOT_FOUND),
  },
  {
    op: 'deleteConversation',
    case: 'C2C',
    body: (s) => ({ conversationIDList: [c2c(s)], clearHistoryMessage: true }),
    cells: anyUser(),
  },
  {
    op: 'deleteConversation',
    case: 'group G',
    body: (s) => ({ conversationIDList: [group(s)], clearHistoryMessage: false }),
    cells: membersOf(ErrorCode.CONVERSATION_NOT_FOUND),
  },
  {
    op: 'pinConversation',
    case: 'group G',
    body: (s) => ({ conversationID: group(s), isPinned: true }),
    cells: membersOf(ErrorCode.CONVERSATION_NOT_FOUND),
  },
  {
    op: 'setMessageRemindType',
    case: 'group G',
    body: (s) => ({ conversationID: group(s), messageRemindType: 'AcceptNotNotify' }),
    cells: membersOf(ErrorCode.CONVERSATION_NOT_FOUND),
  },
  {
    op: 'setConversationDraft',
    case: 'group G',
    body: (s) => ({ conversationID: group(s), draftText: 'draft' }),
    cells: membersOf(ErrorCode.CONVERSATION_NOT_FOUND),
  },
  {
    op: 'setMessageRead',
    case: 'group G',
    body: (s) => ({ conversationID: group(s) }),
    cells: membersOf(ErrorCode.CONVERSATION_NOT_FOUND),
  },
  {
    op: 'setMessageRead',
    case: 'C2C',
    body: (s) => ({ conversationID: c2c(s) }),
    cells: anyUser(),
  },
  { op: 'pinConversation', case: 'C2C', body: (s) => ({ conversationID: c2c(s), isPinned: true }), cells: anyUser() },
  { op: 'getTotalUnreadMessageCount', body: () => ({}), cells: anyUser() },
  // Issue 27: each user's own settings over their conversations; a conversation not in the caller's
  // list is not found, a conversation group is only ever the caller's own.
  { op: 'clearHistoryMessage', case: 'C2C', body: (s) => ({ conversationID: c2c(s) }), cells: anyUser() },
  {
    op: 'clearHistoryMessage',
    case: 'group G',
    body: (s) => ({ conversationID: group(s) }),
    cells: membersOf(ErrorCode.CONVERSATION_NOT_FOUND),
  },
  { op: 'setAllMessageRead', body: () => ({ scope: 'readAllMessage' }), cells: anyUser() },
  {
    op: 'setAllReceiveMessageOpt',
    body: () => ({ messageRemindType: 'AcceptNotNotify', startTime: 0, endTime: 0, isRepeated: true }),
    cells: anyUser(),
  },
  { op: 'getAllReceiveMessageOpt', body: () => ({}), cells: anyUser() },
  {
    op: 'setConversationCustomData',
    case: 'group G',
    body: (s) => ({ conversationIDList: [group(s)], customData: 'matrix' }),
    cells: membersOf(ErrorCode.CONVERSATION_NOT_FOUND),
  },
  {
    op: 'markConversation',
    case: 'group G',
    body: (s) => ({ conversationIDList: [group(s)], markType: 1, enableMark: true }),
    cells: membersOf(ErrorCode.CONVERSATION_NOT_FOUND),
  },
  { op: 'getConversationGroupList', body: () => ({}), cells: anyUser() },
  {
    op: 'createConversationGroup',
    case: 'holding group G',
    body: (s) => ({ groupName: `matrix-${s.groupID}`, conversationIDList: [group(s)] }),
    cells: membersOf(ErrorCode.CONVERSATION_NOT_FOUND),
    async afterAllowed(data, request) {
      for (const groupName of (data as { groupNameList: string[] }).groupNameList) {
        await request('deleteConversationGroup', { groupName });
      }
    },
  },
  {
    op: 'deleteConversationGroup',
    case: 'a group the caller does not have',
    body: () => ({ groupName: 'matrix-not-mine' }),
    cells: { visitor: NOT_LOGGED_IN, ...notForAnyone(ErrorCode.CONVERSATION_GROUP_NOT_FOUND) },
  },
  {
    op: 'renameConversationGroup',
    case: 'a group the caller does not have',
    body: () => ({ oldName: 'matrix-not-mine', newName: 'mine' }),
    cells: { visitor: NOT_LOGGED_IN, ...notForAnyone(ErrorCode.CONVERSATION_GROUP_NOT_FOUND) },
  },
  {
    op: 'addConversationsToGroup',
    case: 'a group the caller does not have',
    body: (s) => ({ groupName: 'matrix-not-mine', conversationIDList: [group(s)] }),
    cells: { visitor: NOT_LOGGED_IN, ...notForAnyone(ErrorCode.CONVERSATION_GROUP_NOT_FOUND) },
  },
  {
    op: 'deleteConversationsFromGroup',
    case: 'a group the caller does not have',
    body: (s) => ({ groupName: 'matrix-not-mine', conversationIDList: [group(s)] }),
    cells: { visitor: NOT_LOGGED_IN, ...notForAnyone(ErrorCode.CONVERSATION_GROUP_NOT_FOUND) },
  },
  { op: 'createGroup', body: () => ({ type: 'Public', name: 'matrix' }), cells: anyUser() },
  { op: 'joinGroup', case: 'free-access Public group', body: (s) => ({ groupID: s.groupID }), cells: anyUser() },
  {
    op: 'joinGroup',
    case: 'Work group (invitation only)',
    groupType: 'Private',
    body: (s) => ({ groupID: s.groupID }),
    // Members are answered AlreadyInGroup, which is not a refusal.
    cells: membersOf(ErrorCode.GROUP_JOIN_UNSUPPORTED),
  },
  {
    op: 'quitGroup',
    body: (s) => ({ groupID: s.groupID }),
    cells: { ...membersOf(ErrorCode.GROUP_NOT_MEMBER), owner: ErrorCode.GROUP_OWNER_CANNOT_QUIT },
  },
  { op: 'getGroupList', body: () => ({}), cells: anyUser() },
  {
    op: 'getGroupProfile',
    case: 'Public group',
    body: (s) => ({ groupID: s.groupID }),
    cells: anyUser(),
  },
  {
    // A Work group shows a non-member nothing, as in the reference SDK (group-visibility.ts).
    op: 'getGroupProfile',
    case: 'Work group: members only',
    groupType: 'Private',
    body: (s) => ({ groupID: s.groupID }),
    cells: membersOf(ErrorCode.GROUP_NO_PERMISSION),
  },
  {
    op: 'getGroupMemberList',
    body: (s) => ({ groupID: s.groupID }),
    cells: membersOf(ErrorCode.GROUP_NOT_MEMBER),
  },
  // Group administration (docs/groups.md): refusals come in this order: not a member (10011),
  // then the role (10007), then the request itself. Every role and group type, muted and removed
  // members included: im/groups/group-admin-matrix.test.ts.
  { op: 'getGroupApplicationList', body: () => ({}), cells: anyUser() },
  {
    op: 'handleGroupApplication',
    case: 'no request waiting',
    body: (s) => ({ groupID: s.groupID, applicant: s.peer, handleAction: 'Reject' }),
    cells: {
      ...membersOf(ErrorCode.GROUP_NOT_MEMBER),
      member: ErrorCode.GROUP_NO_PERMISSION,
      admin: ErrorCode.GROUP_APPLICATION_HANDLED,
      owner: ErrorCode.GROUP_APPLICATION_HANDLED,
    },
  },
  ...(
    [
      ['addGroupMember', (s: Subject) => ({ groupID: s.groupID, userIDList: [s.peer] })],
      ['deleteGroupMember', (s: Subject) => ({ groupID: s.groupID, userIDList: [s.peer] })],
      ['setGroupMemberMuteTime', (s: Subject) => ({ groupID: s.groupID, userID: s.peer, muteTime: 60 })],
      ['updateGroupProfile', (s: Subject) => ({ groupID: s.groupID, name: 'renamed' })],
    ] as const
  ).map(
    ([op, body]): ImRow => ({
      op,
      case: 'owner and admins, on the member (member: on the owner)',
      body,
      cells: { ...membersOf(ErrorCode.GROUP_NOT_MEMBER), member: ErrorCode.GROUP_NO_PERMISSION },
    }),
  ),
  ...(
    [
      ['dismissGroup', (s: Subject) => ({ groupID: s.groupID })],
      ['changeGroupOwner', (s: Subject) => ({ groupID: s.groupID, newOwnerID: s.peer })],
      ['setGroupMemberRole', (s: Subject) => ({ groupID: s.groupID, userID: s.peer, role: 'Admin' })],
    ] as const
  ).map(
    ([op, body]): ImRow => ({
      op,
      case: 'owner only',
      body,
      cells: {
        ...membersOf(ErrorCode.GROUP_NOT_MEMBER),
        member: ErrorCode.GROUP_NO_PERMISSION,
        admin: ErrorCode.GROUP_NO_PERMISSION,
      },
    }),
  ),
  {
    op: 'getGroupMemberProfile',
    body: (s) => ({ groupID: s.groupID, userIDList: [s.peer] }),
    cells: membersOf(ErrorCode.GROUP_NOT_MEMBER),
  },
  {
    op: 'setGroupMemberNameCard',
    case: 'one’s own',
    body: (s) => ({ groupID: s.groupID, nameCard: 'card' }),
    cells: membersOf(ErrorCode.GROUP_NOT_MEMBER),
  },
  {
    op: 'setGroupMemberCustomField',
    case: 'one’s own',
    body: (s) => ({ groupID: s.groupID, memberCustomField: [{ key: 'level', value: '1' }] }),
    cells: membersOf(ErrorCode.GROUP_NOT_MEMBER),
  },
  {
    // Marks are for AVChatRooms and Communities (docs/groups.md); in a Public G every member gets 10007.
    op: 'markGroupMemberList',
    case: 'Community: the owner marks',
    groupType: 'Community',
    body: (s) => ({ groupID: s.groupID, userIDList: [s.peer], markType: 1000, enableMark: true }),
    cells: {
      ...membersOf(ErrorCode.GROUP_NOT_MEMBER),
      member: ErrorCode.GROUP_NO_PERMISSION,
      admin: ErrorCode.GROUP_NO_PERMISSION,
    },
  },
  { op: 'searchGroupByID', case: 'Public group', body: (s) => ({ groupID: s.groupID }), cells: anyUser() },
  {
    op: 'getGroupOnlineMemberCount',
    body: (s) => ({ groupID: s.groupID }),
    cells: membersOf(ErrorCode.GROUP_NOT_MEMBER),
  },
  // Group attributes and counters: any member (docs/groups.md).
  ...(
    [
      ['initGroupAttributes', (s: Subject) => ({ groupID: s.groupID, groupAttributes: { seat: 'a' } })],
      ['setGroupAttributes', (s: Subject) => ({ groupID: s.groupID, groupAttributes: { seat: 'a' } })],
      ['deleteGroupAttributes', (s: Subject) => ({ groupID: s.groupID, keyList: [] })],
      ['getGroupAttributes', (s: Subject) => ({ groupID: s.groupID })],
      ['setGroupCounters', (s: Subject) => ({ groupID: s.groupID, counters: { likes: 1 } })],
      ['increaseGroupCounter', (s: Subject) => ({ groupID: s.groupID, key: 'likes', value: 1 })],
      ['decreaseGroupCounter', (s: Subject) => ({ groupID: s.groupID, key: 'likes', value: 1 })],
      ['getGroupCounters', (s: Subject) => ({ groupID: s.groupID })],
      ['getPinnedGroupMessageList', (s: Subject) => ({ groupID: s.groupID })],
    ] as const
  ).map(([op, body]): ImRow => ({ op, body, cells: membersOf(ErrorCode.GROUP_NOT_MEMBER) })),
  {
    op: 'pinGroupMessage',
    case: 'owner’s message in G: the owner and admins pin',
    body: (s) => ({ groupID: s.groupID, messageID: s.groupMessageID, isPinned: true }),
    cells: { ...membersOf(ErrorCode.GROUP_NOT_MEMBER), member: ErrorCode.GROUP_NO_PERMISSION },
  },
  {
    // A record is read by the conversations it was sent in; to anyone else it does not exist.
    op: 'downloadMergerMessage',
    case: 'record sent in G',
    body: (s) => ({ downloadKey: s.groupRecordKey }),
    cells: membersOf(ErrorCode.MERGER_NOT_FOUND),
  },
  {
    // The owner's own message, within the window; nobody outranks the owner (docs/message-actions.md).
    op: 'revokeMessage',
    case: 'owner’s message in G',
    body: (s) => ({ conversationID: group(s), messageID: s.groupMessageID }),
    cells: {
      ...membersOf(ErrorCode.GROUP_NOT_MEMBER),
      member: ErrorCode.GROUP_NO_PERMISSION,
      admin: ErrorCode.GROUP_NO_PERMISSION,
    },
  },
  {
    // Deleting is for oneself: any member may delete any message they can see.
    op: 'deleteMessage',
    case: 'owner’s message in G',
    body: (s) => ({ conversationID: group(s), messageIDList: [s.groupMessageID] }),
    cells: membersOf(ErrorCode.GROUP_NOT_MEMBER),
  },
  {
    op: 'modifyMessage',
    case: 'owner’s message in G',
    body: (s) => ({
      conversationID: group(s),
      messageID: s.groupMessageID,
      version: 0,
      type: 'TIMTextElem',
      payload: { text: 'modified' },
    }),
    cells: {
      ...membersOf(ErrorCode.GROUP_NOT_MEMBER),
      member: ErrorCode.MESSAGE_MODIFY_DENIED,
      admin: ErrorCode.MESSAGE_MODIFY_DENIED,
    },
  },
  {
    op: 'syncMessageChanges',
    case: 'C2C',
    body: (s) => ({ conversationID: c2c(s), afterChange: 0 }),
    cells: anyUser(),
  },
  {
    op: 'syncMessageChanges',
    case: 'group G',
    body: (s) => ({ conversationID: group(s), afterChange: 0 }),
    cells: membersOf(ErrorCode.GROUP_NOT_MEMBER),
  },
  // Communities and topics: G is no community with topics, so members are told so (10004) once
  // membership is checked (10011). Who may do what in a community with topics (members list,
  // owner and admins manage): im/topics/topics.test.ts.
  { op: 'getJoinedCommunityList', body: () => ({}), cells: anyUser() },
  ...(['createTopicInCommunity', 'deleteTopicFromCommunity', 'updateTopicProfile', 'getTopicList'] as const).map(
    (op): ImRow => ({
      op,
      case: 'G supports no topics',
      body: (s) => ({ groupID: s.groupID, topicName: 'T', topicID: `@TGS#_${s.groupID}@TOPIC#_t` }),
      cells: {
        ...membersOf(ErrorCode.GROUP_NOT_MEMBER),
        member: ErrorCode.GROUP_INVALID_PARAMS,
        admin: ErrorCode.GROUP_INVALID_PARAMS,
        owner: ErrorCode.GROUP_INVALID_PARAMS,
      },
    }),
  ),
  // Reactions: any member, on any message they can see (docs/reactions-and-receipts.md).
  ...(
    ['addMessageReaction', 'removeMessageReaction', 'getMessageReactions', 'getAllUserListOfMessageReaction'] as const
  ).map(
    (op): ImRow => ({
      op,
      case: 'owner’s message in G',
      body: (s) =>
        op === 'getMessageReactions'
          ? { conversationID: group(s), messageIDList: [s.groupMessageID] }
          : { conversationID: group(s), messageID: s.groupMessageID, reactionID: '[TUIEmoji_Smile]' },
      cells: membersOf(ErrorCode.GROUP_NOT_MEMBER),
    }),
  ),
  // Message extensions: members only; G's message was sent without isSupportExtension, so members
  // are told it takes none. Who sees what, and the versions: im/message-extensions/message-extensions.test.ts.
  ...(['setMessageExtensions', 'getMessageExtensions', 'deleteMessageExtensions'] as const).map(
    (op): ImRow => ({
      op,
      case: 'owner’s message in G, no isSupportExtension',
      body: (s) => ({
        conversationID: group(s),
        messageID: s.groupMessageID,
        ...(op === 'setMessageExtensions' ? { extensions: [{ key: 'k', value: 'v' }] } : {}),
      }),
      cells: {
        ...membersOf(ErrorCode.GROUP_NOT_MEMBER),
        member: ErrorCode.MESSAGE_EXTENSION_UNSUPPORTED,
        admin: ErrorCode.MESSAGE_EXTENSION_UNSUPPORTED,
        owner: ErrorCode.MESSAGE_EXTENSION_UNSUPPORTED,
      },
    }),
  ),
  {
    // G's message was sent without needReadReceipt (and it is the owner's own): members are told
    // it takes no receipt. Who may acknowledge what: im/receipts/read-receipts.test.ts.
    op: 'sendMessageReadReceipt',
    case: 'owner’s message in G, no needReadReceipt',
    body: (s) => ({ conversationID: group(s), messageIDList: [s.groupMessageID] }),
    cells: {
      ...membersOf(ErrorCode.GROUP_NOT_MEMBER),
      member: ErrorCode.READ_RECEIPT_UNSUPPORTED,
      admin: ErrorCode.READ_RECEIPT_UNSUPPORTED,
      owner: ErrorCode.READ_RECEIPT_UNSUPPORTED,
    },
  },
  {
    op: 'getMessageReadReceiptList',
    case: 'owner’s message in G',
    body: (s) => ({ conversationID: group(s), messageIDList: [s.groupMessageID] }),
    cells: membersOf(ErrorCode.GROUP_NOT_MEMBER),
  },
  {
    // Who read a message is its sender's to see; this one asked for no receipts.
    op: 'getGroupMessageReadMemberList',
    case: 'owner’s message in G, no needReadReceipt',
    body: (s) => ({ conversationID: group(s), messageID: s.groupMessageID, filter: 0 }),
    cells: {
      ...membersOf(ErrorCode.GROUP_NOT_MEMBER),
      member: ErrorCode.GROUP_NO_PERMISSION,
      admin: ErrorCode.GROUP_NO_PERMISSION,
      owner: ErrorCode.READ_RECEIPT_UNSUPPORTED,
    },
  },
  {
    // Typing is ephemeral and C2C only; status is anyone's to ask for (docs/presence-and-translation.md).
    op: 'setTypingStatus',
    case: 'C2C',
    body: (s) => ({ conversationID: c2c(s), isTyping: true }),
    cells: anyUser(),
  },
  {
    op: 'setTypingStatus',
    case: 'group G (C2C only)',
    body: (s) => ({ conversationID: group(s), isTyping: true }),
    cells: { ...anyUser(), ...notForAnyone(ErrorCode.INVALID_PARAMS) },
  },
  { op: 'getUserStatus', body: (s) => ({ userIDList: [s.peer] }), cells: anyUser() },
  { op: 'subscribeUserStatus', body: (s) => ({ userIDList: [s.peer] }), cells: anyUser() },
  { op: 'unsubscribeUserStatus', body: () => ({}), cells: anyUser() },
  { op: 'setSelfStatus', body: () => ({ customStatus: 'busy' }), cells: anyUser() },
  {
    // The matrix's server has no providers: everyone logged in is told to enable them. Who may
    // convert which message: im/translation/translation.test.ts.
    op: 'translateText',
    body: () => ({ sourceTextList: ['hello'], target: 'zh' }),
    cells: { ...anyUser(), ...notForAnyone(ErrorCode.TRANSLATION_NOT_ENABLED) },
  },
  {
    op: 'convertVoiceToText',
    case: 'owner’s message in G',
    body: (s) => ({ conversationID: group(s), messageID: s.groupMessageID }),
    cells: { ...anyUser(), ...notForAnyone(ErrorCode.VOICE_TO_TEXT_NOT_ENABLED) },
  },
  {
    // Anyone logged in may upload; who may read the file is decided when it is sent (docs/files.md).
    op: 'createUpload',
    body: () => ({ kind: 'file', fileName: 'notes.txt', size: 10 }),
    cells: anyUser(),
  },
  {
    // The token only ever opens files the user may read.
    op: 'getFileAccessToken',
    body: () => ({}),
    cells: anyUser(),
  },
  // Friends and blocklist: anyone logged in, on their own lists. Who may do what to whom (self,
  // stranger, friend, blocked): im/relations/friend-authorization.test.ts. These bodies change no
  // relation, so the other rows' callers stay strangers to each other.
  ...(
    [
      ['addFriend', (s: Subject) => ({ to: s.self, source: 'AddSource_Type_Web' })],
      ['acceptFriendApplication', (s: Subject) => ({ userID: s.self })],
      ['refuseFriendApplication', (s: Subject) => ({ userID: s.self })],
      ['deleteFriendApplication', (s: Subject) => ({ userID: s.self, type: 'Pendency_Type_ComeIn' })],
      ['updateFriend', (s: Subject) => ({ userID: s.self, remark: 'me' })],
      ['addToBlacklist', (s: Subject) => ({ userIDList: [s.self] })],
      ['removeFromBlacklist', (s: Subject) => ({ userIDList: [s.peer] })],
    ] as const
  ).map(
    ([op, body]): ImRow => ({
      op,
      case: op === 'removeFromBlacklist' ? 'peer not blocked' : 'oneself',
      body,
      cells: { ...anyUser(), ...notForAnyone(ErrorCode.RELATION_INVALID) },
    }),
  ),
  ...(
    [
      ['getFriendApplicationList', () => ({})],
      ['setFriendApplicationRead', () => ({})],
      ['getFriendList', () => ({})],
      ['getFriendProfile', (s: Subject) => ({ userIDList: [s.peer] })],
      ['deleteFriend', (s: Subject) => ({ userIDList: [s.peer] })],
      ['checkFriend', (s: Subject) => ({ userIDList: [s.peer] })],
      ['getBlacklist', () => ({})],
      ['searchUsers', (s: Subject) => ({ keyword: s.peer })],
    ] as const
  ).map(([op, body]): ImRow => ({ op, body, cells: anyUser() })),
  // Friend groups and follows: anyone logged in, on their own groups and follow lists
  // (im/relations/friend-groups.test.ts, im/follows/follows.test.ts). The group bodies name a
  // group nobody has, and following oneself is refused, so no row changes what another sees.
  ...(
    [
      ['getFriendGroupList', () => ({})],
      ['createFriendGroup', (s: Subject) => ({ name: 'matrix', userIDList: [s.peer] })],
      ['getFollowList', () => ({ type: 1 })],
      ['getUserFollowInfo', (s: Subject) => ({ userIDList: [s.peer] })],
      ['checkFollowType', (s: Subject) => ({ userIDList: [s.peer] })],
      ['followUser', (s: Subject) => ({ userIDList: [s.self] })],
      ['unfollowUser', (s: Subject) => ({ userIDList: [s.peer] })],
    ] as const
  ).map(([op, body]): ImRow => ({ op, body, cells: anyUser() })),
  ...(
    [
      ['deleteFriendGroup', () => ({ name: 'none of theirs' })],
      ['renameFriendGroup', () => ({ oldName: 'none of theirs', newName: 'other' })],
      ['addToFriendGroup', (s: Subject) => ({ name: 'none of theirs', userIDList: [s.peer] })],
      ['removeFromFriendGroup', (s: Subject) => ({ name: 'none of theirs', userIDList: [s.peer] })],
    ] as const
  ).map(
    ([op, body]): ImRow => ({
      op,
      case: 'a group the caller lacks',
      body,
      cells: { ...anyUser(), ...notForAnyone(ErrorCode.FRIEND_GROUP_NOT_FOUND) },
    }),
  ),
  // Search (docs/search.md): across conversations, each finds only what the caller can read.
  { op: 'searchCloudMessages', case: 'everywhere', body: () => ({ keywordList: ['matrix'] }), cells: anyUser() },
  {
    op: 'searchCloudMessages',
    case: 'in group G',
    body: (s) => ({ keywordList: ['matrix'], conversationID: group(s) }),
    cells: membersOf(ErrorCode.GROUP_NOT_MEMBER),
  },
  { op: 'searchCloudGroups', body: (s) => ({ keywordList: [s.groupID] }), cells: anyUser() },
  { op: 'searchCloudUsers', body: (s) => ({ keywordList: [s.peer] }), cells: anyUser() },
  // As Tencent's, it searches only the groups I am in: an outsider naming G finds nobody
  // (im/search/member-search.test.ts), so anyone may call it.
  {
    op: 'searchCloudGroupMembers',
    body: (s) => ({ groupIDList: [s.groupID], keywordList: [s.peer] }),
    cells: anyUser(),
  },
  {
    op: 'getMessageListHopping',
    case: 'C2C',
    body: (s) => ({ conversationID: c2c(s), sequence: 1 }),
    cells: anyUser(),
  },
  {
    op: 'getMessageListHopping',
    case: 'group G',
    body: (s) => ({ conversationID: group(s), sequence: 1, direction: 1 }),
    cells: membersOf(ErrorCode.GROUP_NOT_MEMBER),
  },
  // Calls (docs/calls.md): one-to-one calls follow the message rules (their blocklist and
  // friendship cases: im/calls/calls.test.ts), group calls are for G's members; every step of
  // a call is for its participants, so on a call that does not exist everyone gets 60080.
  { op: 'getCallConfig', body: () => ({}), cells: anyUser() },
  {
    op: 'startCall',
    case: 'C2C',
    body: (s) => ({ type: 1, userIDList: [s.peer] }),
    cells: anyUser(),
    afterAllowed: hangUp,
  },
  {
    op: 'startCall',
    case: 'group G',
    body: (s) => ({ type: 2, userIDList: [s.peer], groupID: s.groupID }),
    cells: membersOf(ErrorCode.GROUP_NOT_MEMBER),
    afterAllowed: hangUp,
  },
  { op: 'getGroupCall', body: (s) => ({ groupID: s.groupID }), cells: membersOf(ErrorCode.GROUP_NOT_MEMBER) },
  { op: 'getMyCalls', body: () => ({}), cells: anyUser() },
  ...(
    [
      ['acceptCall', () => ({})],
      ['rejectCall', () => ({})],
      ['hangupCall', () => ({})],
      ['joinCall', () => ({})],
      ['inviteToCall', (s: Subject) => ({ userIDList: [s.peer] })],
      ['setCallMediaState', () => ({ micMuted: true })],
      ['sendCallSignal', (s: Subject) => ({ toUserID: s.peer, signal: { kind: 'offer', sdp: 'v=0' } })],
    ] as const
  ).map(
    ([op, extra]): ImRow => ({
      op,
      case: 'no such call',
      body: (s) => ({ callID: 'az-no-call', ...extra(s) }),
      cells: { ...anyUser(), ...notForAnyone(ErrorCode.CALL_NOT_FOUND) },
    }),
  ),
  // The deployment's switches are the same for everyone logged in (im/deployment/deployment.test.ts).
  { op: 'getDeploymentAbilities', body: () => ({}), cells: anyUser() },
];

/** An allowed startCall is hung up at once (cancelled), so no call rings into the next cells. */
async function hangUp(data: unknown, request: (op: string, body: unknown) => Promise<unknown>): Promise<void> {
  const { call } = data as { call: { callID: string } };
  await request('hangupCall', { callID: call.callID });
}

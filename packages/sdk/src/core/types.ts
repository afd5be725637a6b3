import { AT_ALL } from '@liaison/protocol';

/**
 * The reference SDK's `TYPES`, with its string values, so code comparing against them ports as is.
 * Constants the reference does not have are marked "ours".
 */
export const TYPES = {
  CONV_C2C: 'C2C',
  CONV_GROUP: 'GROUP',
  /** A community topic's conversation, `GROUP<topicID>`; getConversationList leaves it out. */
  CONV_TOPIC: 'TOPIC',
  CONV_SYSTEM: '@TIM#SYSTEM',
  CONV_AT_ME: 1,
  CONV_AT_ALL: 2,
  CONV_AT_ALL_AT_ME: 3,
  /**
   * markConversation's marks, as Tencent's runtime has them (bits: 1, 2, 4, 8). Its declarations
   * say 3 and 4 for FOLD and HIDE; the runtime's values are what its server and apps see.
   */
  CONV_MARK_TYPE_STAR: 1,
  CONV_MARK_TYPE_UNREAD: 2,
  CONV_MARK_TYPE_FOLD: 4,
  CONV_MARK_TYPE_HIDE: 8,
  /** setAllMessageRead's scopes. */
  READ_ALL_C2C_MSG: 'readAllC2CMessage',
  READ_ALL_GROUP_MSG: 'readAllGroupMessage',
  READ_ALL_MSG: 'readAllMessage',

  MSG_TEXT: 'TIMTextElem',
  MSG_IMAGE: 'TIMImageElem',
  MSG_SOUND: 'TIMSoundElem',
  MSG_AUDIO: 'TIMSoundElem',
  MSG_FILE: 'TIMFileElem',
  MSG_FACE: 'TIMFaceElem',
  MSG_VIDEO: 'TIMVideoFileElem',
  MSG_LOCATION: 'TIMLocationElem',
  MSG_GRP_TIP: 'TIMGroupTipElem',
  MSG_GRP_SYS_NOTICE: 'TIMGroupSystemNoticeElem',
  MSG_CUSTOM: 'TIMCustomElem',
  MSG_MERGER: 'TIMRelayElem',
  MSG_AT_ALL: AT_ALL,

  MSG_PRIORITY_HIGH: 'High',
  MSG_PRIORITY_NORMAL: 'Normal',
  MSG_PRIORITY_LOW: 'Low',
  MSG_PRIORITY_LOWEST: 'Lowest',

  /** payload.operationType of MSG_GRP_TIP. */
  GRP_TIP_MBR_JOIN: 1,
  GRP_TIP_MBR_QUIT: 2,
  GRP_TIP_MBR_KICKED_OUT: 3,
  GRP_TIP_MBR_SET_ADMIN: 4,
  GRP_TIP_MBR_CANCELED_ADMIN: 5,
  GRP_TIP_GRP_PROFILE_UPDATED: 6,
  GRP_TIP_MBR_PROFILE_UPDATED: 7,
  /** AVChatRoom bans, as the reference's values (Liaison has no AVChatRoom ban yet: never sent). */
  GRP_TIP_BAN_AVCHATROOM_MEMBER: 10,
  GRP_TIP_UNBAN_AVCHATROOM_MEMBER: 11,

  /** Ours: payload.imageFormat of MSG_IMAGE (the reference documents the numbers, not names). */
  IMG_FORMAT_JPG: 1,
  IMG_FORMAT_GIF: 2,
  IMG_FORMAT_PNG: 3,
  IMG_FORMAT_BMP: 4,
  IMG_FORMAT_OTHER: 255,
  /** Ours: imageInfoArray[].type: the original (index 0), large ≤ 720 px (index 1), small ≤ 198 px (index 2). */
  IMG_TYPE_ORIGINAL: 1,
  IMG_TYPE_LARGE: 2,
  IMG_TYPE_SMALL: 3,

  MSG_REMIND_ACPT_AND_NOTE: 'AcceptAndNotify',
  MSG_REMIND_ACPT_NOT_NOTE: 'AcceptNotNotify',
  MSG_REMIND_DISCARD: 'Discard',
  /** Muted but for mentions of me or everyone. */
  NOT_RECEIVE_OFFLINE_PUSH_EXCEPT_AT: 'AcceptNotNotifyExceptAt',
  /** Tencent's topics only (Liaison has no topics): setMessageRemindType refuses it (60003). */
  NOT_RECEIVE_MSG_EXCEPT_AT: 'NotReceiveMsgExceptAt',

  GRP_WORK: 'Private',
  GRP_PUBLIC: 'Public',
  GRP_MEETING: 'ChatRoom',
  GRP_AVCHATROOM: 'AVChatRoom',
  GRP_COMMUNITY: 'Community',

  JOIN_OPTIONS_FREE_ACCESS: 'FreeAccess',
  JOIN_OPTIONS_NEED_PERMISSION: 'NeedPermission',
  JOIN_OPTIONS_DISABLE_APPLY: 'DisableApply',
  JOIN_STATUS_SUCCESS: 'JoinedSuccess',
  JOIN_STATUS_WAIT_APPROVAL: 'WaitAdminApproval',
  JOIN_STATUS_ALREADY_IN_GROUP: 'AlreadyInGroup',

  /** Ours: payload.operationType of MSG_GRP_SYS_NOTICE (the reference documents the numbers, not names). */
  GRP_SYS_NOTICE_JOIN_REQUEST: 1,
  GRP_SYS_NOTICE_JOIN_APPROVED: 2,
  GRP_SYS_NOTICE_JOIN_REJECTED: 3,
  GRP_SYS_NOTICE_KICKED_OUT: 4,
  GRP_SYS_NOTICE_DISMISSED: 5,
  GRP_SYS_NOTICE_INVITED: 7,
  GRP_SYS_NOTICE_QUIT: 8,
  GRP_SYS_NOTICE_SET_ADMIN: 9,
  GRP_SYS_NOTICE_CANCEL_ADMIN: 10,
  /** Ours: conversation.operationType once I am out of the group (spec chat.md §4 'Chat container'). */
  CONV_OPERATION_KICKED_OUT: 4,
  CONV_OPERATION_DISMISSED: 5,
  CONV_OPERATION_QUIT: 8,

  GRP_MBR_ROLE_OWNER: 'Owner',
  GRP_MBR_ROLE_ADMIN: 'Admin',
  GRP_MBR_ROLE_MEMBER: 'Member',
  /** The reference's value for a custom member role (community permission groups). */
  GRP_MBR_ROLE_CUSTOM: 'Custom',

  /** Group profile keys, as the reference names them (newGroupProfile of a GRP_TIP_GRP_PROFILE_UPDATED tip). */
  GRP_PROFILE_OWNER_ID: 'ownerID',
  GRP_PROFILE_CREATE_TIME: 'createTime',
  GRP_PROFILE_LAST_INFO_TIME: 'lastInfoTime',
  GRP_PROFILE_MEMBER_NUM: 'memberNum',
  GRP_PROFILE_MAX_MEMBER_NUM: 'maxMemberNum',
  GRP_PROFILE_JOIN_OPTION: 'joinOption',
  GRP_PROFILE_INTRODUCTION: 'introduction',
  GRP_PROFILE_NOTIFICATION: 'notification',
  GRP_PROFILE_MUTE_ALL_MBRS: 'muteAllMembers',

  /** statusType of USER_STATUS_UPDATED and getUserStatus, as the reference. */
  USER_STATUS_UNKNOWN: 0,
  USER_STATUS_ONLINE: 1,
  USER_STATUS_OFFLINE: 2,
  USER_STATUS_UNLOGINED: 3,

  /** Friends (docs/friends-and-blocklist.md): addFriend type, and the profile's allowType. */
  SNS_ADD_TYPE_SINGLE: 'Add_Type_Single',
  SNS_ADD_TYPE_BOTH: 'Add_Type_Both',
  SNS_DELETE_TYPE_SINGLE: 'Delete_Type_Single',
  SNS_DELETE_TYPE_BOTH: 'Delete_Type_Both',
  SNS_APPLICATION_SENT_TO_ME: 'Pendency_Type_ComeIn',
  SNS_APPLICATION_SENT_BY_ME: 'Pendency_Type_SendOut',
  /** Both directions: getFriendApplicationList always answers both; deleteFriendApplication takes it as SENT_TO_ME, as Tencent's. */
  SNS_APPLICATION_TYPE_BOTH: 'Pendency_Type_Both',
  SNS_APPLICATION_AGREE: 'Response_Action_Agree',
  SNS_APPLICATION_AGREE_AND_ADD: 'Response_Action_AgreeAndAdd',
  SNS_CHECK_TYPE_BOTH: 'CheckResult_Type_Both',
  SNS_CHECK_TYPE_SINGLE: 'CheckResult_Type_Single',
  SNS_TYPE_NO_RELATION: 'CheckResult_Type_NoRelation',
  SNS_TYPE_A_WITH_B: 'CheckResult_Type_AWithB',
  SNS_TYPE_B_WITH_A: 'CheckResult_Type_BWithA',
  SNS_TYPE_BOTH_WAY: 'CheckResult_Type_BothWay',
  ALLOW_TYPE_ALLOW_ANY: 'AllowType_Type_AllowAny',
  ALLOW_TYPE_NEED_CONFIRM: 'AllowType_Type_NeedConfirm',
  ALLOW_TYPE_DENY_ANY: 'AllowType_Type_DenyAny',
  /** Profiles (docs/sdk.md, Profiles): gender, and adminForbidType (SEND_OUT: may not ask anyone to be friends). */
  GENDER_UNKNOWN: 'Gender_Type_Unknown',
  GENDER_FEMALE: 'Gender_Type_Female',
  GENDER_MALE: 'Gender_Type_Male',
  FORBID_TYPE_NONE: 'AdminForbid_Type_None',
  FORBID_TYPE_SEND_OUT: 'AdminForbid_Type_SendOut',

  NET_STATE_CONNECTED: 'connected',
  NET_STATE_CONNECTING: 'connecting',
  NET_STATE_DISCONNECTED: 'disconnected',

  KICKED_OUT_USERSIG_EXPIRED: 'userSigExpired',
  KICKED_OUT_MULT_ACCOUNT: 'multipleAccount',
  KICKED_OUT_REST_API: 'REST_API_Kick',
  /**
   * Tencent's kick by a login of the same account on another device of the same kind. Never sent
   * here: a user may be logged in on any number of devices and tabs (up to the session limit, which
   * refuses the newcomer with 60010 rather than ending an older one).
   */
  KICKED_OUT_MULT_DEVICE: 'multipleDevice',

  /** offlinePushInfo.ignoreIOSBadge's neighbour: an iOS offline push without sound, or with the default one. */
  IOS_OFFLINE_PUSH_NO_SOUND: 'push.no_sound',
  IOS_OFFLINE_PUSH_DEFAULT_SOUND: 'default',
} as const;

/** The reference SDK's `EVENT` names, with its string values. */
export const EVENT = {
  SDK_READY: 'sdkStateReady',
  SDK_NOT_READY: 'sdkStateNotReady',
  MESSAGE_RECEIVED: 'onMessageReceived',
  CONVERSATION_LIST_UPDATED: 'onConversationListUpdated',
  TOTAL_UNREAD_MESSAGE_COUNT_UPDATED: 'onTotalUnreadMessageCountUpdated',
  NET_STATE_CHANGE: 'netStateChange',
  KICKED_OUT: 'kickedOut',
  PROFILE_UPDATED: 'onProfileUpdated',
  GROUP_LIST_UPDATED: 'onGroupListUpdated',
  /**
   * A group system notice (join request, its answer, removed, invited, dismissed, quit, admin
   * set or cancelled); data: { message, type } with type = message.payload.operationType. The
   * reference SDK's v2 event; notices are not stored, so what they announce is also state
   * (getGroupApplicationList, the group list, conversation.operationType).
   */
  GROUP_SYSTEM_NOTICE_RECEIVED: 'receiveGroupSystemNotice',
  /** Messages changed after delivery (e.g. flagged by moderation: hasRiskContent); data: Message[]. */
  MESSAGE_MODIFIED: 'onMessageModified',
  /** Messages revoked (isRevoked, revoker); data: Message[]. */
  MESSAGE_REVOKED: 'onMessageRevoked',
  /**
   * Ours: messages I deleted for myself (deleteMessage here, on another tab, or while offline):
   * take them off the list; data: { conversationID, messageIDList }.
   */
  MESSAGE_DELETED: 'onMessageDeleted',
  /** data: { conversationID, messageID, reactionList }. */
  MESSAGE_REACTIONS_UPDATED: 'onMessageReactionsUpdated',
  /** Keys of a message's extensions were set (here or elsewhere); data: { messageID, extensions: [{key, value}] }. */
  MESSAGE_EXTENSIONS_UPDATED: 'onMessageExtensionsUpdated',
  /** Keys of a message's extensions were deleted; data: { messageID, keyList }. */
  MESSAGE_EXTENSIONS_DELETED: 'onMessageExtensionsDeleted',
  /** Read state of my sent messages changed (C2C isPeerRead, group counts); data: ReadReceiptUpdate[]. */
  MESSAGE_READ_RECEIPT_RECEIVED: 'onMessageReadReceiptReceived',
  /** data: UserStatus[]. */
  USER_STATUS_UPDATED: 'onUserStatusUpdated',
  /** Ours: a C2C peer started or stopped typing; data: { conversationID, userID, isTyping }. */
  TYPING_STATUS_CHANGED: 'onTypingStatusChanged',
  /** My friend list changed; data: Friend[]. */
  FRIEND_LIST_UPDATED: 'onFriendListUpdated',
  /** Friend requests sent to me or by me changed; data: { friendApplicationList, unreadCount }. */
  FRIEND_APPLICATION_LIST_UPDATED: 'onFriendApplicationListUpdated',
  /** My blocklist changed; data: the blocked userIDs. */
  BLACKLIST_UPDATED: 'blacklistUpdated',
  /** My friend groups changed; data: FriendGroup[]. */
  FRIEND_GROUP_LIST_UPDATED: 'onFriendGroupListUpdated',
  /** Users followed me or stopped; data: { userInfoList, isAdd } (profiles when added, userIDs when removed, as Tencent's). */
  MY_FOLLOWERS_LIST_UPDATED: 'onMyFollowersListUpdated',
  /** I followed or unfollowed users (here or on another tab); data as MY_FOLLOWERS_LIST_UPDATED. */
  MY_FOLLOWING_LIST_UPDATED: 'onMyFollowingListUpdated',
  /** Users became, or stopped being, mutual followers with me; data as MY_FOLLOWERS_LIST_UPDATED. */
  MUTUAL_FOLLOWERS_LIST_UPDATED: 'onMutualFollowersListUpdated',
  /** The C2C peer read my messages; data: those messages this client holds (isPeerRead now true). */
  MESSAGE_READ_BY_PEER: 'onMessageReadByPeer',
  /** My conversation groups changed (created, deleted, renamed); data: their names. */
  CONVERSATION_GROUP_LIST_UPDATED: 'onConversationGroupListUpdated',
  /** Conversations were added to or taken from a group; data: { groupName, conversationList }. */
  CONVERSATION_IN_GROUP_UPDATED: 'onConversationInGroupUpdated',
  /** My notification setting for all messages changed on another tab; data: as getAllReceiveMessageOpt. */
  ALL_RECEIVE_MESSAGE_OPT_UPDATED: 'onAllReceiveMessageOptUpdated',
  /** Group attributes changed; data: { groupID, groupAttributes, updatedKeyList, deletedKeyList }. */
  GROUP_ATTRIBUTES_UPDATED: 'groupAttributesUpdated',
  /** One group counter changed (one event per key, as the reference); data: { groupID, key, value }. */
  GROUP_COUNTER_UPDATED: 'onGroupCounterUpdated',
  /** A group message was pinned or unpinned; data: { groupID, message, isPinned, operatorInfo }. */
  PINNED_GROUP_MESSAGE_UPDATED: 'onPinnedGroupMessageUpdated',
  /** A topic was created in one of my communities; data: { groupID, topicID }. */
  TOPIC_CREATED: 'onTopicCreated',
  /** Topics were deleted from one of my communities; data: { groupID, topicIDList }. */
  TOPIC_DELETED: 'onTopicDeleted',
  /** A topic changed (profile, unread, last message); data: { groupID, topic }. */
  TOPIC_UPDATED: 'onTopicUpdated',
  ERROR: 'error',
  /** destroy() is done; data: { SDKAppID }. The last event an instance emits. */
  SDK_DESTROY: 'sdkDestroy',
  /**
   * The operator switched a deployment capability on or off (docs/deploy.md); data: { config },
   * the switches by name. Tencent's carries its cloud configuration.
   */
  SERVER_CONFIG_UPDATED: 'onServerConfigUpdated',
  /**
   * Tencent's TUIRoom custom data. Never emitted here: there is no room service (sendRoomCustomData
   * answers 2995, as Tencent's without one).
   */
  ROOM_CUSTOM_DATA_RECEIVED: 'onRoomCustomDataReceived',
} as const;

export type EventName = (typeof EVENT)[keyof typeof EVENT];

/** Every message type name the reference SDK knows. */
export type MessageElemType =
  | typeof TYPES.MSG_TEXT
  | typeof TYPES.MSG_IMAGE
  | typeof TYPES.MSG_SOUND
  | typeof TYPES.MSG_FILE
  | typeof TYPES.MSG_FACE
  | typeof TYPES.MSG_VIDEO
  | typeof TYPES.MSG_LOCATION
  | typeof TYPES.MSG_GRP_TIP
  | typeof TYPES.MSG_GRP_SYS_NOTICE
  | typeof TYPES.MSG_CUSTOM
  | typeof TYPES.MSG_MERGER;

export type NetState =
  | typeof TYPES.NET_STATE_CONNECTED
  | typeof TYPES.NET_STATE_CONNECTING
  | typeof TYPES.NET_STATE_DISCONNECTED;

export type KickedOutType =
  | typeof TYPES.KICKED_OUT_USERSIG_EXPIRED
  | typeof TYPES.KICKED_OUT_MULT_ACCOUNT
  | typeof TYPES.KICKED_OUT_MULT_DEVICE
  | typeof TYPES.KICKED_OUT_REST_API;

/** What every API call resolves with, as the reference SDK. */
export interface ChatResponse<T> {
  code: 0;
  data: T;
}

export function ok<T>(data: T): ChatResponse<T> {
  return { code: 0, data };
}

/**
 * String values of the reference SDK's TYPES, so that code comparing against literals ports as is.
 */
export const ConversationType = { C2C: 'C2C', GROUP: 'GROUP' } as const;
export type ConversationType = (typeof ConversationType)[keyof typeof ConversationType];

export const MessageType = {
  TEXT: 'TIMTextElem',
  IMAGE: 'TIMImageElem',
  AUDIO: 'TIMSoundElem',
  VIDEO: 'TIMVideoFileElem',
  FILE: 'TIMFileElem',
  LOCATION: 'TIMLocationElem',
  FACE: 'TIMFaceElem',
  CUSTOM: 'TIMCustomElem',
  MERGER: 'TIMRelayElem',
  GROUP_TIP: 'TIMGroupTipElem',
  GROUP_SYSTEM_NOTICE: 'TIMGroupSystemNoticeElem',
} as const;
export type MessageType = (typeof MessageType)[keyof typeof MessageType];

export const GroupType = {
  WORK: 'Private',
  PUBLIC: 'Public',
  MEETING: 'ChatRoom',
  AVCHATROOM: 'AVChatRoom',
  COMMUNITY: 'Community',
} as const;
export type GroupType = (typeof GroupType)[keyof typeof GroupType];

export const JoinOption = {
  FREE_ACCESS: 'FreeAccess',
  NEED_PERMISSION: 'NeedPermission',
  DISABLE_APPLY: 'DisableApply',
} as const;
export type JoinOption = (typeof JoinOption)[keyof typeof JoinOption];

export const JoinStatus = {
  SUCCESS: 'JoinedSuccess',
  WAIT_APPROVAL: 'WaitAdminApproval',
  ALREADY_IN_GROUP: 'AlreadyInGroup',
} as const;
export type JoinStatus = (typeof JoinStatus)[keyof typeof JoinStatus];

/** A user's add-friend permission (profile allowType), with the reference SDK's values. */
export const AllowType = {
  ALLOW_ANY: 'AllowType_Type_AllowAny',
  NEED_CONFIRM: 'AllowType_Type_NeedConfirm',
  DENY_ANY: 'AllowType_Type_DenyAny',
} as const;
export type AllowType = (typeof AllowType)[keyof typeof AllowType];

/** A profile's gender, with the reference SDK's values (Unknown: not given). */
export const Gender = {
  UNKNOWN: 'Gender_Type_Unknown',
  FEMALE: 'Gender_Type_Female',
  MALE: 'Gender_Type_Male',
} as const;
export type Gender = (typeof Gender)[keyof typeof Gender];

/** A profile's adminForbidType, with the reference SDK's values: SEND_OUT forbids the user to ask anyone to be friends. */
export const AdminForbidType = {
  NONE: 'AdminForbid_Type_None',
  SEND_OUT: 'AdminForbid_Type_SendOut',
} as const;
export type AdminForbidType = (typeof AdminForbidType)[keyof typeof AdminForbidType];

export const GroupRole = { OWNER: 'Owner', ADMIN: 'Admin', MEMBER: 'Member' } as const;
export type GroupRole = (typeof GroupRole)[keyof typeof GroupRole];

export const MessageRemindType = {
  ACCEPT_AND_NOTIFY: 'AcceptAndNotify',
  ACCEPT_NOT_NOTIFY: 'AcceptNotNotify',
  DISCARD: 'Discard',
  ACCEPT_NOT_NOTIFY_EXCEPT_AT: 'AcceptNotNotifyExceptAt',
} as const;
export type MessageRemindType = (typeof MessageRemindType)[keyof typeof MessageRemindType];

/**
 * payload.operationType of a group system notice (TIMGroupSystemNoticeElem), as the reference
 * SDK numbers them. A conversation's operationType is the notice that took the user out of the
 * group: KICKED_OUT, DISMISSED or QUIT (spec chat.md 'Chat container').
 */
export const GroupSystemNoticeType = {
  JOIN_REQUEST: 1,
  JOIN_APPROVED: 2,
  JOIN_REJECTED: 3,
  KICKED_OUT: 4,
  DISMISSED: 5,
  CREATED: 6,
  INVITED: 7,
  QUIT: 8,
  SET_ADMIN: 9,
  CANCEL_ADMIN: 10,
  /** The app's own notice (the REST API's send_group_system_notification): its text in userDefinedField. */
  CUSTOM: 255,
} as const;
export type GroupSystemNoticeType = (typeof GroupSystemNoticeType)[keyof typeof GroupSystemNoticeType];

/** groupAtInfoList[].atType, as the reference SDK's TYPES.CONV_AT_*. */
export const GroupAtType = { AT_ME: 1, AT_ALL: 2, AT_ALL_AT_ME: 3 } as const;
export type GroupAtType = (typeof GroupAtType)[keyof typeof GroupAtType];

/** The reference SDK's marker for "@everyone" inside atUserList. */
export const AT_ALL = '__kImSDK_MesssageAtALL__';

/** The IM WebSocket endpoint's path on the server. */
export const IM_PATH = '/im';

/** WebSocket close code: the connection did not log in within the server's login deadline. */
export const CLOSE_LOGIN_TIMEOUT = 4008;
/** WebSocket close code: too many connections from this address, or sessions of this user. */
export const CLOSE_TOO_MANY_CONNECTIONS = 4009;
/** WebSocket close code: the connection kept sending while refused for rate limit. */
export const CLOSE_RATE_LIMITED = 4029;

export const Limits = {
  /** spec chat.md §9: message at most 12K (bytes of the UTF-8 JSON payload). */
  MESSAGE_MAX_BYTES: 12 * 1024,
  /** A frame over this closes the connection. */
  FRAME_MAX_BYTES: 1024 * 1024,
  /** getMessageList page size, as the reference SDK. */
  HISTORY_PAGE_SIZE: 15,
  /** Gap-fill page size for sync after reconnect. */
  SYNC_PAGE_SIZE: 200,
  MEMBER_PAGE_MAX: 100,
  COMMUNITY_MAX_MEMBERS: 100_000,
  DEFAULT_MAX_MEMBERS: 6_000,
  USER_ID_MAX: 32,
  GROUP_ID_MAX: 48,
  // Communities and topics (docs/sdk.md, Communities and topics).
  /** A topic ID is `<communityID>@TOPIC#_<part>`: the community's ID, the marker, and a part of at most 48. */
  TOPIC_ID_MAX: 48 + 8 + 48,
  /** Topics a community holds at once. */
  TOPICS_PER_COMMUNITY_MAX: 100,
  /** getTopicList and deleteTopicFromCommunity: topic IDs named per call. */
  TOPIC_QUERY_MAX: 100,
  TOPIC_NAME_MAX_BYTES: 150,
  TOPIC_CUSTOM_DATA_MAX_BYTES: 3000,
  MESSAGE_ID_MAX: 128,
  /** Text limits below count UTF-8 bytes, as the reference documents them. */
  GROUP_NAME_MAX_BYTES: 30,
  GROUP_INTRODUCTION_MAX_BYTES: 240,
  /** Room for the 150 characters of GROUP_NOTIFICATION_MAX_CHARS, whatever the script (4 bytes each). */
  GROUP_NOTIFICATION_MAX_BYTES: 600,
  APPLY_MESSAGE_MAX_BYTES: 300,
  NICK_MAX_BYTES: 500,
  SELF_SIGNATURE_MAX_BYTES: 500,
  AVATAR_URL_MAX_BYTES: 500,
  CREATE_MEMBER_MAX: 500,
  /** spec portal.md §5 and chat.md §9: a group notice holds at most 150 characters. */
  GROUP_NOTIFICATION_MAX_CHARS: 150,
  /** A member's name card in the group, as the reference documents it. */
  NAME_CARD_MAX_BYTES: 50,
  /** addGroupMember, deleteGroupMember: users per call. */
  GROUP_MEMBER_CHANGE_MAX: 500,
  /** getGroupMemberProfile: users per call, as the reference. */
  MEMBER_PROFILE_QUERY_MAX: 50,
  /** setGroupMemberMuteTime: the longest mute (s), as the reference (0 cancels). */
  MUTE_TIME_MAX_SECONDS: 4_294_967_295,
  /** spec chat.md §9: uploaded file at most 100MB. */
  FILE_MAX_BYTES: 100 * 1024 * 1024,
  /** Image sizes made by the server (longest side, px): large and small, as the reference. */
  IMAGE_LARGE_PX: 720,
  IMAGE_SMALL_PX: 198,
  /** Voice messages are recorded for at most 60 s; a stored duration is capped well above that. */
  AUDIO_MAX_SECONDS: 3600,
  /** createMergerMessage: at most 300 messages per record. */
  MERGER_MESSAGES_MAX: 300,
  MERGER_ABSTRACT_MAX: 20,
  /** A record whose message list is larger than this (UTF-8 JSON bytes) is delivered by downloadKey only. */
  MERGER_INLINE_MAX_BYTES: 8 * 1024,
  /** An upload grant is good for this long (ms) once issued. */
  UPLOAD_GRANT_TTL_MS: 10 * 60_000,
  /** A targeted group message (Tencent's receiverList): at most this many receivers, as Tencent's. */
  RECEIVER_LIST_MAX: 50,
  /** Default revoke window (s), as the reference; the server's REVOKE_WINDOW_SECONDS changes it. */
  REVOKE_WINDOW_SECONDS: 120,
  /** deleteMessage: messages per call, as the reference. */
  DELETE_MESSAGES_MAX: 30,
  /** Distinct reactions one message may carry. */
  REACTIONS_PER_MESSAGE_MAX: 10,
  REACTION_ID_MAX_BYTES: 100,
  /** getMessageReactions: messages per call, and reactors listed per reaction. */
  REACTION_QUERY_MESSAGES_MAX: 20,
  REACTION_PARTIAL_USERS_MAX: 10,
  /** getAllUserListOfMessageReaction: users per page; at most this many are listed per reaction (counts stay exact). */
  REACTION_USERS_PAGE_MAX: 100,
  REACTION_USERS_LISTED_MAX: 100,
  /** Message extensions, as Tencent's: key and value sizes, keys per set or delete, keys per message. */
  MESSAGE_EXTENSION_KEY_MAX_BYTES: 100,
  MESSAGE_EXTENSION_VALUE_MAX_BYTES: 1024,
  MESSAGE_EXTENSIONS_PER_CALL_MAX: 20,
  MESSAGE_EXTENSIONS_PER_MESSAGE_MAX: 300,
  /** Group attributes (init/set/deleteGroupAttributes), as the reference: keys, key and value bytes, all of them together. */
  GROUP_ATTRIBUTE_KEYS_MAX: 16,
  GROUP_ATTRIBUTE_KEY_MAX_BYTES: 32,
  GROUP_ATTRIBUTE_VALUE_MAX_BYTES: 4096,
  GROUP_ATTRIBUTES_TOTAL_MAX_BYTES: 16 * 1024,
  /** Group counters, as the reference: keys per group, key bytes; values are integers. */
  GROUP_COUNTER_KEYS_MAX: 20,
  GROUP_COUNTER_KEY_MAX_BYTES: 128,
  /** A group member's custom fields, as the reference: keys per member, key and value bytes. */
  MEMBER_CUSTOM_FIELDS_MAX: 5,
  MEMBER_CUSTOM_FIELD_KEY_MAX_BYTES: 16,
  MEMBER_CUSTOM_FIELD_VALUE_MAX_BYTES: 64,
  /** A group's custom fields (groupCustomField): keys per group, key and value bytes. */
  GROUP_CUSTOM_FIELDS_MAX: 10,
  GROUP_CUSTOM_FIELD_KEY_MAX_BYTES: 16,
  GROUP_CUSTOM_FIELD_VALUE_MAX_BYTES: 512,
  /** Member marks (markGroupMemberList), as the reference: the lowest mark, marks per group, members per mark and per call. */
  MEMBER_MARK_MIN: 1000,
  GROUP_MARKS_MAX: 10,
  MEMBERS_PER_MARK_MAX: 1000,
  MARK_MEMBERS_PER_CALL_MAX: 500,
  /** Pinned messages per group, as the reference. */
  GROUP_PINNED_MESSAGES_MAX: 10,
  /** sendMessageReadReceipt / getMessageReadReceiptList: messages per call, as the reference. */
  READ_RECEIPT_BATCH_MAX: 30,
  READ_MEMBER_PAGE_MAX: 100,
  STATUS_QUERY_MAX: 500,
  STATUS_SUBSCRIBE_MAX: 100,
  CUSTOM_STATUS_MAX_BYTES: 100,
  /** A peer's typing state is dropped after this long (ms) without a refresh. */
  TYPING_TIMEOUT_MS: 10_000,
  TRANSLATE_TEXTS_MAX: 20,
  /** Conversations (issue 27), as the reference: customData bytes, conversation groups per user and conversations per group. */
  CONVERSATION_CUSTOM_DATA_MAX_BYTES: 256,
  CONVERSATION_GROUPS_MAX: 20,
  CONVERSATION_GROUP_SIZE_MAX: 1000,
  /** Conversations a user may have marks or custom data on, the two together (the reference's REST docs). */
  CONVERSATION_MARKED_MAX: 1000,
  CONVERSATION_GROUP_NAME_MAX_BYTES: 32,
  /** deleteConversation: conversations per call (the reference SDK keeps the first 100). */
  CONVERSATION_DELETE_MAX: 100,
} as const;

/** The sender of server-made messages (group tips and system notices); never a valid user ID. */
export const SYSTEM_SENDER = '@TIM#SYSTEM';

/** What an upload is for; the server checks the content against it (an image must be an image). */
export const UPLOAD_KINDS = ['image', 'video', 'audio', 'file', 'snapshot'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** The HTTP path prefix of IM file uploads and downloads (bytes never travel over the socket). */
export const IM_FILES_PATH = '/im/files';

/** Conversation IDs are the type prefix plus the peer's user ID or the group ID. */
export function toConversationID(type: ConversationType, target: string): string {
  return `${type}${target}`;
}

export function parseConversationID(conversationID: string): { type: ConversationType; target: string } | null {
  if (conversationID.startsWith('C2C') && conversationID.length > 3) {
    return { type: 'C2C', target: conversationID.slice(3) };
  }
  if (conversationID.startsWith('GROUP') && conversationID.length > 5) {
    return { type: 'GROUP', target: conversationID.slice(5) };
  }
  return null;
}

/** WebSocket close code: the user logged out of the portal that issued the userSig (after a `kicked` push). */
export const CLOSE_PORTAL_LOGOUT = 4002;

/** WebSocket close code: the app's backend kicked the user (REST API `kick`, after a `kicked` push). */
export const CLOSE_KICKED = 4004;

/** The size the 12K limit applies to: the UTF-8 bytes of the payload and custom data as sent. */
export function messageBodyBytes(payload: unknown, cloudCustomData = ''): number {
  return new TextEncoder().encode(JSON.stringify(payload)).length + new TextEncoder().encode(cloudCustomData).length;
}

/** WebSocket close code: the page's Origin is not allowed to open the IM socket (ALLOWED_ORIGINS). */
export const CLOSE_ORIGIN_NOT_ALLOWED = 4003;
/**
 * WebSocket close code (RFC 6455 "going away"): the server process is shutting down. The SDK
 * reconnects at once, without backoff, so a load balancer sends it to another process.
 */
export const GOING_AWAY_CLOSE_CODE = 1001;

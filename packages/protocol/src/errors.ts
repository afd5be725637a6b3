/**
 * The one error catalogue shared by server, SDK and UI. Codes are stable: never renumber one.
 * Where the reference chat cloud has a well-known code for the same failure, we reuse it so
 * that code written against it keeps working.
 */
export const ErrorCode = {
  // Transport and request shape (ours).
  MALFORMED_FRAME: 60001,
  UNKNOWN_OP: 60002,
  INVALID_PARAMS: 60003,
  INTERNAL: 60004,
  NOT_LOGGED_IN: 60005,
  ALREADY_LOGGED_IN: 60006,
  FRAME_TOO_LARGE: 60007,
  /** NUL or an unpaired UTF-16 surrogate in a text field: it cannot be stored. */
  TEXT_INVALID_CHARACTERS: 60008,
  /** An avatar URL that is neither our own upload nor on the AVATAR_URL_HOSTS allow-list. */
  AVATAR_URL_NOT_ALLOWED: 60009,
  // Abuse limits (ours where the reference has none).
  TOO_MANY_SESSIONS: 60010,
  /** Reference: operation frequency limit. */
  OPERATION_RATE_LIMITED: 10006,
  /** Reference: message send frequency limit. */
  SEND_RATE_LIMITED: 10023,
  // Client-side (SDK) failures, in the reference SDK's 2xxx range.
  NETWORK_ERROR: 2800,
  REQUEST_TIMEOUT: 2801,
  SDK_NOT_READY: 2802,
  /** Reference: logout (and Tencent's other signed-in calls) before login or after a kick. */
  USER_NOT_LOGGED_IN: 2024,
  // Login (reference codes).
  USERSIG_EXPIRED: 70001,
  USERSIG_INVALID: 70003,
  USERSIG_USER_MISMATCH: 70013,
  USERSIG_APP_MISMATCH: 70014,
  /** Reference: the userSig was made before the app's backend kicked the user (REST API kick); a new one logs in. */
  USERSIG_KICKED: 70052,
  /** The portal session this userSig was issued for has ended (logout). Ours. */
  ORIGIN_NOT_ALLOWED: 60020,
  USERSIG_REVOKED: 60030,
  // Messages (spec.md §8 where it names them).
  MESSAGE_TOO_LONG: 8001,
  MESSAGE_ID_CONFLICT: 8002,
  MESSAGE_NOT_FOUND: 8003,
  USER_NOT_FOUND: 20003,
  CONVERSATION_NOT_FOUND: 20004,
  // Rich messages and files (spec chat.md §8; reference codes).
  /** The kit's local word list refused the text before sending. */
  LOCAL_BLOCKED_WORD: 3123,
  IMAGE_INVALID_FORMAT: 4004,
  FILE_BANNED: 4005,
  FILE_NOT_FOUND: 7004,
  FILE_TOO_LARGE: 7005,
  TEXT_SENSITIVE: 80001,
  IMAGE_SENSITIVE: 80004,
  /** Ours: the upload grant is unknown, used or expired. */
  UPLOAD_GRANT_INVALID: 60040,
  /** Ours: an audio or video upload whose content is not audio or video. */
  MEDIA_INVALID_FORMAT: 60041,
  /** Ours: no merged record with this downloadKey that the caller may read. */
  MERGER_NOT_FOUND: 60042,
  /** SDK: the upload was cancelled by the user. */
  UPLOAD_CANCELLED: 2803,
  // Message actions, reactions, receipts, translation (issue 11).
  /** Reference: the revoke window has passed. */
  MESSAGE_REVOKE_TIME_LIMIT: 20016,
  /** Ours: revoking someone else's message without being the group's owner or an admin. */
  MESSAGE_REVOKE_DENIED: 60043,
  /** Reference SDK: the message changed since the version being modified. */
  MESSAGE_MODIFY_CONFLICT: 2480,
  /** Ours: only the sender may modify, and only text and custom messages that are not revoked. */
  MESSAGE_MODIFY_DENIED: 60044,
  /** Ours: the message already has the most distinct reactions it may carry. */
  REACTION_LIMIT: 60045,
  /** Reference: another user changed the extension key since the version given (message extensions). */
  MESSAGE_EXTENSION_CONFLICT: 23001,
  /** Ours: the message was not sent with isSupportExtension, or is in a community or AVChatRoom. */
  MESSAGE_EXTENSION_UNSUPPORTED: 60047,
  /** Ours: the message already carries the most extension keys it may (300). */
  MESSAGE_EXTENSION_LIMIT: 60048,
  /** Ours: read receipts do not exist in this conversation or for this message. */
  READ_RECEIPT_UNSUPPORTED: 60046,
  /** Reference SDK: no messages given for a read receipt. */
  READ_RECEIPT_MSG_LIST_EMPTY: 2114,
  /** Ours: TRANSLATE_URL is not configured. */
  TRANSLATION_NOT_ENABLED: 60050,
  /** Ours: STT_URL is not configured. */
  VOICE_TO_TEXT_NOT_ENABLED: 60051,
  /** Reference SDK: the translation provider failed. */
  TRANSLATE_TEXT_FAIL: 2117,
  /** Reference SDK: the speech-to-text provider failed. */
  VOICE_TO_TEXT_FAIL: 2118,
  /** Reference SDK: convertVoiceToText on something that is not a voice message. */
  UNSUPPORTED_VOICE_FORMAT: 2119,
  // Signalling (TSignaling; the reference SDK's codes).
  /** Reference SDK: no invitation with this inviteID is pending here, or it was handled already. */
  SIGNALING_INVALID_INVITE_ID: 8010,
  /** Reference SDK: not the inviter (cancel) or not an invitee (accept, reject) of this invitation. */
  SIGNALING_NO_PERMISSION: 8011,
  /** Reference SDK: cancel of an invitation that is not pending here (INVALID_CANCEL_MESSAGE). */
  SIGNALING_INVALID_CANCEL: 8020,
  // Communities and topics (reference SDK codes).
  /** Reference SDK: a message to a community that supports topics; its messages go to its topics. */
  MSG_SEND_GRP_WITH_TOPIC_FAIL: 2115,
  /** Reference SDK: a community's ID must start with @TGS#_, and no other group's may. */
  ILLEGAL_GRP_ID: 2602,
  /** Reference SDK: a topic ID must be `<communityID>@TOPIC#_<part>`. */
  ILLEGAL_TOPIC_ID: 3021,
  // Groups (reference codes).
  GROUP_NO_PERMISSION: 10007,
  GROUP_OWNER_CANNOT_QUIT: 10009,
  GROUP_NOT_FOUND: 10010,
  GROUP_NOT_MEMBER: 10011,
  GROUP_FULL: 10014,
  GROUP_ID_TAKEN: 10021,
  GROUP_JOIN_UNSUPPORTED: 10022,
  /** Reference: a group parameter against the group's rules (empty name, notice over 150 characters, …). */
  GROUP_INVALID_PARAMS: 10004,
  /** Reference: muted (muteUntil in the future), or mute-all is on and the sender is neither owner nor admin. */
  GROUP_MEMBER_MUTED: 10017,
  /** Reference: the join request was handled already (or never made). */
  GROUP_APPLICATION_HANDLED: 10024,
  /** Reference: a group attribute key over 32 bytes. */
  GROUP_ATTRIBUTE_KEY_TOO_LONG: 10045,
  /** Reference: a group attribute value over 4 KB. */
  GROUP_ATTRIBUTE_VALUE_TOO_LONG: 10046,
  /** Reference: more than 16 group attribute keys. */
  GROUP_ATTRIBUTE_KEY_COUNT_LIMIT: 10047,
  /** Reference: all group attributes together over 16 KB. */
  GROUP_ATTRIBUTES_TOO_LARGE: 10048,
  /** Reference (ERR_SVR_GROUP_PINNED_MESSAGE_COUNT_LIMIT): the group has the most pinned messages it may. */
  GROUP_PINNED_MESSAGE_COUNT_LIMIT: 10070,
  /** Reference (ERR_SVR_GROUP_MESSAGE_ALREADY_PINNED). */
  GROUP_MESSAGE_ALREADY_PINNED: 10071,
  // Friends and blocklist (reference relationship-chain and C2C codes; docs/friends-and-blocklist.md).
  /**
   * Reference: a relationship request that cannot be done as asked: oneself as the target,
   * already friends, not a friend, no such friend request, already blocked or not blocked.
   */
  RELATION_INVALID: 30001,
  /** Reference: adding someone who is in my blocklist. */
  FRIEND_IN_MY_BLACKLIST: 30515,
  /** Reference: the user refuses every friend request (AllowType_Type_DenyAny). */
  FRIEND_ADD_DENIED: 30516,
  /** Reference: adding someone whose blocklist holds me. */
  FRIEND_IN_THEIR_BLACKLIST: 30525,
  /**
   * Reference: the request waits for the user's approval. addFriend resolves with it as
   * `data.code`; it is never a rejection.
   */
  FRIEND_APPLICATION_PENDING: 30539,
  /** Reference: a one-to-one message to someone whose blocklist holds the sender. */
  C2C_SENDER_BLOCKED: 20007,
  /** Reference: a one-to-one message between non-friends while IM_C2C_REQUIRES_FRIENDSHIP is on. */
  C2C_NOT_FRIENDS: 20009,
  /**
   * Ours: a friend remark over 96 bytes, a character beyond ASCII counting 2 (remarkBytes, spec
   * portal.md §5). Tencent has no code of its own for it: its SDK refuses it before sending.
   */
  FRIEND_REMARK_TOO_LONG: 60070,
  // Deployment plans (issue 27; docs/deploy.md): the reference runtime's codes.
  /** Reference SDK NO_USE: the capability is not in the plan; here, the operator switched it off. */
  FEATURE_NOT_ENABLED: 3122,
  /** Reference SDK INVALID_OPERATION: callExperimentalAPI with an api it does not know. */
  INVALID_OPERATION: 2905,
  /** Reference SDK INVALID_TRTC_CMD: room custom data without a room service to carry it. */
  INVALID_TRTC_CMD: 2995,
  /** Reference: createFriendGroup or renameFriendGroup to a name I already have. */
  FRIEND_GROUP_EXISTS: 2710,
  /** Reference: no friend group of mine by that name. */
  FRIEND_GROUP_NOT_FOUND: 2711,
  /** Ours: the user's profile has adminForbidType AdminForbid_Type_SendOut; Tencent's code for it is not documented. */
  FRIEND_ADD_FORBIDDEN: 60071,
  // Profiles and user search (issue 27; the reference runtime's codes).
  /** Reference SDK: updateMyProfile with a key it does not take, or a value it refuses. */
  UPDATE_PROFILE_INVALID_PARAM: 2721,
  /** Reference SDK: updateMyProfile with nothing to change (only an empty profileCustomField). */
  UPDATE_PROFILE_NO_KEY: 2722,
  /** Reference (profile system): the change needs an app administrator, as lifting adminForbidType does. */
  PROFILE_NEEDS_ADMIN: 40004,
  /** Reference server, as its runtime names it for user and group search (SearchParamsError). */
  SEARCH_PARAMS_INVALID: 27003,
  /** Ours: no such call, or it has ended. */
  CALL_NOT_FOUND: 60080,
  /** Ours: the call exists but the user is not (or no longer) one of its participants. */
  CALL_NOT_PARTICIPANT: 60081,
  /** Ours: the caller (or a joiner) is already in another call. */
  CALL_ALREADY_IN_CALL: 60082,
  /** Ours: more people than a mesh call carries (CallLimits.MAX_PARTICIPANTS). */
  CALL_TOO_MANY_PARTICIPANTS: 60083,
  /** Ours: the call cannot do that now: answered on another tab, already answered, or not joined yet. */
  CALL_INVALID_STATE: 60084,
  // Conversation groups (issue 27; reference codes).
  /** Reference: a conversation group would hold more than 1000 conversations. */
  CONVERSATION_GROUP_FULL: 51008,
  /** Reference: no conversation group of that name. */
  CONVERSATION_GROUP_NOT_FOUND: 51009,
  /** Reference: more than 20 conversation groups. */
  CONVERSATION_GROUP_LIMIT: 51010,
  /** Reference: a conversation group name empty or over 32 bytes. */
  CONVERSATION_GROUP_NAME_INVALID: 51011,
  /** Ours: a conversation group of that name exists already. */
  CONVERSATION_GROUP_EXISTS: 60360,
  // Third-party callbacks (reference codes; docs/server-api.md, Callbacks).
  /** Reference: the app backend's C2C.CallbackBeforeSendMsg refused the one-to-one message. */
  C2C_CALLBACK_REFUSED: 20006,
  /** Reference: the app backend's Group.CallbackBeforeSendMsg refused the group message. */
  GROUP_CALLBACK_REFUSED: 10016,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorMessages: Record<ErrorCode, string> = {
  [ErrorCode.MALFORMED_FRAME]: 'Malformed frame: expected a JSON object {id, op, body}',
  [ErrorCode.UNKNOWN_OP]: 'Unknown operation',
  [ErrorCode.INVALID_PARAMS]: 'Invalid parameters',
  [ErrorCode.INTERNAL]: 'Internal server error',
  [ErrorCode.NOT_LOGGED_IN]: 'Not logged in',
  [ErrorCode.ALREADY_LOGGED_IN]: 'This connection is already logged in',
  [ErrorCode.FRAME_TOO_LARGE]: 'Frame too large',
  [ErrorCode.TEXT_INVALID_CHARACTERS]: 'Text contains characters that cannot be stored (NUL or an unpaired surrogate)',
  [ErrorCode.AVATAR_URL_NOT_ALLOWED]: 'Avatar URL not allowed: use an uploaded picture or an allowed https host',
  [ErrorCode.TOO_MANY_SESSIONS]: 'Too many connections are logged in as this user',
  [ErrorCode.OPERATION_RATE_LIMITED]: 'Operation frequency limit: slow down',
  [ErrorCode.SEND_RATE_LIMITED]: 'Message send frequency limit: wait before sending again',
  [ErrorCode.NETWORK_ERROR]: 'Network exception, please check the network settings',
  [ErrorCode.REQUEST_TIMEOUT]: 'Request timed out',
  [ErrorCode.SDK_NOT_READY]: 'The SDK is not ready: log in first',
  [ErrorCode.USER_NOT_LOGGED_IN]: 'The user is not logged in',
  [ErrorCode.USERSIG_EXPIRED]: 'userSig has expired',
  [ErrorCode.USERSIG_INVALID]: 'userSig is invalid',
  [ErrorCode.USERSIG_USER_MISMATCH]: 'userSig was issued for another userID',
  [ErrorCode.USERSIG_APP_MISMATCH]: 'userSig was issued for another SDKAppID',
  [ErrorCode.USERSIG_KICKED]: 'userSig was made before the user was kicked: sign a new one',
  [ErrorCode.ORIGIN_NOT_ALLOWED]:
    'This page may not open the IM connection: its origin is not allowed (ALLOWED_ORIGINS)',
  [ErrorCode.USERSIG_REVOKED]: 'userSig was revoked: the portal session it was issued for has ended',
  [ErrorCode.MESSAGE_TOO_LONG]: 'Message too long, must not exceed 12K',
  [ErrorCode.MESSAGE_ID_CONFLICT]: 'A different message with this ID already exists',
  [ErrorCode.MESSAGE_NOT_FOUND]: 'The message does not exist',
  [ErrorCode.USER_NOT_FOUND]: 'The user does not exist',
  [ErrorCode.CONVERSATION_NOT_FOUND]: 'The conversation does not exist',
  [ErrorCode.LOCAL_BLOCKED_WORD]: 'The text contains a blocked word',
  [ErrorCode.IMAGE_INVALID_FORMAT]: 'Image message failed: invalid image format',
  [ErrorCode.FILE_BANNED]: 'File message failed: sending a banned file is prohibited',
  [ErrorCode.FILE_NOT_FOUND]: 'The file does not exist, check the path',
  [ErrorCode.FILE_TOO_LARGE]: 'The file is too large, maximum 100MB',
  [ErrorCode.TEXT_SENSITIVE]: 'Text contains sensitive content, send failed',
  [ErrorCode.IMAGE_SENSITIVE]: 'Image contains sensitive content, send failed',
  [ErrorCode.UPLOAD_GRANT_INVALID]: 'The upload grant is unknown, used or expired: ask for a new one',
  [ErrorCode.MEDIA_INVALID_FORMAT]: 'The file is not audio or video of a supported format',
  [ErrorCode.MERGER_NOT_FOUND]: 'The merged record does not exist',
  [ErrorCode.UPLOAD_CANCELLED]: 'The upload was cancelled',
  [ErrorCode.MESSAGE_REVOKE_TIME_LIMIT]: 'Withdrawal deadline has passed',
  [ErrorCode.MESSAGE_REVOKE_DENIED]: 'Only your own messages can be revoked here',
  [ErrorCode.MESSAGE_MODIFY_CONFLICT]: 'The message was modified by someone else: the latest version is returned',
  [ErrorCode.MESSAGE_MODIFY_DENIED]: 'Only the sender may modify this message',
  [ErrorCode.REACTION_LIMIT]: 'You have reached the max reaction limit',
  [ErrorCode.MESSAGE_EXTENSION_CONFLICT]: 'The extension key was changed by someone else: here it is as it is now',
  [ErrorCode.MESSAGE_EXTENSION_UNSUPPORTED]: 'This message does not support extensions',
  [ErrorCode.MESSAGE_EXTENSION_LIMIT]: 'The message carries the most extension keys it may (300)',
  [ErrorCode.READ_RECEIPT_UNSUPPORTED]: 'Read receipts are not available for this message',
  [ErrorCode.SIGNALING_INVALID_INVITE_ID]: 'Invalid signaling request ID or has already been processed',
  [ErrorCode.SIGNALING_NO_PERMISSION]: 'No permission for this signaling request',
  [ErrorCode.SIGNALING_INVALID_CANCEL]: 'Invalid cancel: no such pending invitation',
  [ErrorCode.READ_RECEIPT_MSG_LIST_EMPTY]: 'No messages to send a read receipt for',
  [ErrorCode.TRANSLATION_NOT_ENABLED]: 'please enable translation',
  [ErrorCode.VOICE_TO_TEXT_NOT_ENABLED]: 'please enable voice to text',
  [ErrorCode.TRANSLATE_TEXT_FAIL]: 'Translation failed',
  [ErrorCode.VOICE_TO_TEXT_FAIL]: 'Voice to text failed',
  [ErrorCode.UNSUPPORTED_VOICE_FORMAT]: 'Only voice messages can be converted to text',
  [ErrorCode.MSG_SEND_GRP_WITH_TOPIC_FAIL]: 'This community supports topics: send the message to one of its topics',
  [ErrorCode.ILLEGAL_GRP_ID]: 'Illegal group ID: a community ID starts with @TGS#_, no other group ID does',
  [ErrorCode.ILLEGAL_TOPIC_ID]: 'Illegal topic ID: it must be the community ID followed by @TOPIC#_',
  [ErrorCode.GROUP_NO_PERMISSION]: 'No permission for this group operation',
  [ErrorCode.GROUP_OWNER_CANNOT_QUIT]: 'The group owner cannot quit this group',
  [ErrorCode.GROUP_NOT_FOUND]: 'The group does not exist',
  [ErrorCode.GROUP_NOT_MEMBER]: 'The user is not in the group',
  [ErrorCode.GROUP_FULL]: 'The group is full',
  [ErrorCode.GROUP_ID_TAKEN]: 'The group ID is already in use',
  [ErrorCode.GROUP_JOIN_UNSUPPORTED]: 'This group does not accept join requests this way',
  [ErrorCode.GROUP_INVALID_PARAMS]: 'Invalid group parameters',
  [ErrorCode.GROUP_MEMBER_MUTED]: 'You have been muted by the admin',
  [ErrorCode.GROUP_APPLICATION_HANDLED]: 'This join request has already been handled',
  [ErrorCode.GROUP_ATTRIBUTE_KEY_TOO_LONG]: 'A group attribute key is over 32 bytes',
  [ErrorCode.GROUP_ATTRIBUTE_VALUE_TOO_LONG]: 'A group attribute value is over 4 KB',
  [ErrorCode.GROUP_ATTRIBUTE_KEY_COUNT_LIMIT]: 'A group holds at most 16 attribute keys',
  [ErrorCode.GROUP_ATTRIBUTES_TOO_LARGE]: 'The group attributes together are over 16 KB',
  [ErrorCode.GROUP_PINNED_MESSAGE_COUNT_LIMIT]: 'The group has the most pinned messages it may hold',
  [ErrorCode.GROUP_MESSAGE_ALREADY_PINNED]: 'The message is already pinned',
  [ErrorCode.RELATION_INVALID]:
    'Relationship request refused: oneself, already friends, not a friend, no such request, already blocked or not blocked',
  [ErrorCode.FRIEND_IN_MY_BLACKLIST]: 'The user is in your blocklist: remove them from it first',
  [ErrorCode.FRIEND_ADD_DENIED]: 'The user does not accept friend requests',
  [ErrorCode.FRIEND_IN_THEIR_BLACKLIST]: 'You are in the user’s blocklist',
  [ErrorCode.FRIEND_APPLICATION_PENDING]: 'The friend request is waiting for the user’s approval',
  [ErrorCode.C2C_SENDER_BLOCKED]: 'The message was refused: you have been blocked by the user',
  [ErrorCode.C2C_NOT_FRIENDS]: 'The message was refused: only friends can send one-to-one messages',
  [ErrorCode.FRIEND_REMARK_TOO_LONG]: 'Remark change failed: the remark must not exceed 96 bytes',
  [ErrorCode.FEATURE_NOT_ENABLED]:
    'This capability is not enabled on this deployment: the operator has switched it off (the reference plan does not include it)',
  [ErrorCode.INVALID_OPERATION]: 'Invalid operation: callExperimentalAPI does not know this api',
  [ErrorCode.INVALID_TRTC_CMD]: 'Invalid room command: this deployment has no room service',
  [ErrorCode.FRIEND_GROUP_EXISTS]: 'A friend group of that name exists already',
  [ErrorCode.FRIEND_GROUP_NOT_FOUND]: 'No friend group of that name',
  [ErrorCode.FRIEND_ADD_FORBIDDEN]: 'You are not allowed to send friend requests (adminForbidType)',
  [ErrorCode.UPDATE_PROFILE_INVALID_PARAM]: 'Invalid parameters for updating the profile',
  [ErrorCode.UPDATE_PROFILE_NO_KEY]: 'Nothing to update in the profile',
  [ErrorCode.PROFILE_NEEDS_ADMIN]: 'Only an app administrator may make this profile change',
  [ErrorCode.SEARCH_PARAMS_INVALID]: 'Invalid search parameters',
  [ErrorCode.CALL_NOT_FOUND]: 'The call does not exist or has ended',
  [ErrorCode.CALL_NOT_PARTICIPANT]: 'You are not in this call',
  [ErrorCode.CALL_ALREADY_IN_CALL]: 'You are already in a call: hang up first',
  [ErrorCode.CALL_TOO_MANY_PARTICIPANTS]: 'A call holds at most 9 people',
  [ErrorCode.CALL_INVALID_STATE]: 'The call cannot do that now: it was answered elsewhere or is not connected',
  [ErrorCode.CONVERSATION_GROUP_FULL]:
    'At most 1000 conversations in a conversation group, and at most 1000 with marks or custom data',
  [ErrorCode.CONVERSATION_GROUP_NOT_FOUND]: 'The conversation group does not exist',
  [ErrorCode.CONVERSATION_GROUP_LIMIT]: 'At most 20 conversation groups',
  [ErrorCode.CONVERSATION_GROUP_NAME_INVALID]: 'A conversation group name holds 1 to 32 bytes',
  [ErrorCode.CONVERSATION_GROUP_EXISTS]: 'A conversation group of that name exists already',
  [ErrorCode.C2C_CALLBACK_REFUSED]: "The app's backend refused this message (C2C.CallbackBeforeSendMsg)",
  [ErrorCode.GROUP_CALLBACK_REFUSED]: "The app's backend refused this message (Group.CallbackBeforeSendMsg)",
};

/**
 * GROUP_NOT_MEMBER's message when the caller themself is not (or no longer) in the group: the
 * catalogue's text is about a member named in the request. The code stays the same.
 */
export const CALLER_NOT_IN_GROUP_MESSAGE = 'You are not in this group';

/** The shape every failure takes on the wire and in SDK rejections. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** Rate-limit refusals: how long to wait before the same request can succeed. */
  retryAfterMs?: number;
}

/** An error that carries a catalogue code; thrown by the server, rejected by the SDK. */
export class LiaisonError extends Error implements ErrorBody {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string = errorMessages[code]) {
    super(message);
    this.name = 'LiaisonError';
    this.code = code;
  }

  toJSON(): ErrorBody {
    return { code: this.code, message: this.message };
  }
}

/** A rate-limit refusal: the request may succeed after `retryAfterMs`. */
export class RateLimitError extends LiaisonError {
  constructor(
    code: ErrorCode,
    readonly retryAfterMs: number,
    message: string = errorMessages[code],
  ) {
    super(code, message);
    this.name = 'RateLimitError';
  }

  override toJSON(): ErrorBody {
    return { code: this.code, message: this.message, retryAfterMs: this.retryAfterMs };
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'number' && value in errorMessages;
}

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
  // Login (reference codes).
  USERSIG_EXPIRED: 70001,
  USERSIG_INVALID: 70003,
  USERSIG_USER_MISMATCH: 70013,
  USERSIG_APP_MISMATCH: 70014,
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
  /** Ours: a friend remark over 96 bytes, non-Latin-1 characters counting 2 (spec portal.md §5). */
  FRIEND_REMARK_TOO_LONG: 60070,
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
  [ErrorCode.USERSIG_EXPIRED]: 'userSig has expired',
  [ErrorCode.USERSIG_INVALID]: 'userSig is invalid',
  [ErrorCode.USERSIG_USER_MISMATCH]: 'userSig was issued for another userID',
  [ErrorCode.USERSIG_APP_MISMATCH]: 'userSig was issued for another SDKAppID',
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
  [ErrorCode.READ_RECEIPT_UNSUPPORTED]: 'Read receipts are not available for this message',
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
  [ErrorCode.RELATION_INVALID]:
    'Relationship request refused: oneself, already friends, not a friend, no such request, already blocked or not blocked',
  [ErrorCode.FRIEND_IN_MY_BLACKLIST]: 'The user is in your blocklist: remove them from it first',
  [ErrorCode.FRIEND_ADD_DENIED]: 'The user does not accept friend requests',
  [ErrorCode.FRIEND_IN_THEIR_BLACKLIST]: 'You are in the user’s blocklist',
  [ErrorCode.FRIEND_APPLICATION_PENDING]: 'The friend request is waiting for the user’s approval',
  [ErrorCode.C2C_SENDER_BLOCKED]: 'The message was refused: you have been blocked by the user',
  [ErrorCode.C2C_NOT_FRIENDS]: 'The message was refused: only friends can send one-to-one messages',
  [ErrorCode.FRIEND_REMARK_TOO_LONG]: 'Remark change failed: the remark must not exceed 96 bytes',
  [ErrorCode.CALL_NOT_FOUND]: 'The call does not exist or has ended',
  [ErrorCode.CALL_NOT_PARTICIPANT]: 'You are not in this call',
  [ErrorCode.CALL_ALREADY_IN_CALL]: 'You are already in a call: hang up first',
  [ErrorCode.CALL_TOO_MANY_PARTICIPANTS]: 'A call holds at most 9 people',
  [ErrorCode.CALL_INVALID_STATE]: 'The call cannot do that now: it was answered elsewhere or is not connected',
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

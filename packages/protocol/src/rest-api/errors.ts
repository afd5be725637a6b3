/**
 * Tencent's server REST API (v4) error codes, as its documentation numbers them. A separate
 * catalogue from ErrorCode: the REST API's common codes (60002–60021) reuse numbers our socket
 * protocol gives other meanings. Command answers pass a capability's ErrorCode through where
 * Tencent's REST API uses the same code (20003, 10004, 10007, …).
 */
export const RestErrorCode = {
  /** The URL is not /v4/<service>/<command> with the query Tencent requires. */
  HTTP_PARSE: 60002,
  /** The body is not JSON. */
  JSON_PARSE: 60003,
  /** The identifier or usersig in the URL is wrong. */
  ACCOUNT_OR_SIG: 60004,
  /** The sdkappid is not this deployment's app. */
  SDKAPPID_INVALID: 60006,
  /** Too many calls of this command per second. */
  RATE_LIMITED: 60007,
  /** No such service or command. */
  UNKNOWN_COMMAND: 60009,
  /** The identifier is not one of the app's administrators. */
  ADMIN_REQUIRED: 60010,
  /** The URL names no sdkappid. */
  SDKAPPID_MISSING: 60012,
  USERSIG_EXPIRED: 70001,
  USERSIG_INVALID: 70003,
  USERSIG_USER_MISMATCH: 70013,
  USERSIG_APP_MISMATCH: 70014,
  /** A user named in the body was never imported (and never logged in). */
  ACCOUNT_NOT_IMPORTED: 70107,
  /** Account commands: a field is missing or does not meet the protocol. */
  ACCOUNT_INVALID_PARAMS: 70402,
  /** Account commands: an internal error. */
  ACCOUNT_INTERNAL: 70500,
  /** Profile commands: a field is missing or does not meet the protocol. */
  PROFILE_INVALID_PARAMS: 40001,
  /** Profile commands: the account named does not exist. */
  PROFILE_ACCOUNT_NOT_FOUND: 40003,
  /** Profile commands: an internal error. */
  PROFILE_INTERNAL: 40006,
  /** Profile commands: no such tag. */
  PROFILE_TAG_NOT_FOUND: 40009,
  /** Profile commands: a value over 500 bytes. */
  PROFILE_VALUE_TOO_LONG: 40601,
  /** Profile commands: a value a standard field does not take. */
  PROFILE_VALUE_INVALID: 40605,
  /** Profile commands: a number where a standard field takes a string, or the other way round. */
  PROFILE_VALUE_TYPE: 40610,
  /** Friend and blocklist commands: a field is missing or wrong, or the relation is not as asked. */
  SNS_INVALID_PARAMS: 30001,
  /** Friend and blocklist commands: the account named does not exist. */
  SNS_ACCOUNT_NOT_FOUND: 30003,
  /** Friend and blocklist commands: an internal error. */
  SNS_INTERNAL: 30006,
  /** friend_add: the user's profile forbids them to send friend requests (AdminForbid_Type_SendOut). */
  SNS_ADD_FORBIDDEN: 30009,
  /** friend_delete: the user is not in the list. */
  SNS_NOT_FRIEND: 31704,
  /** Conversation commands: the account was never imported. */
  RECENT_CONTACT_ACCOUNT_NOT_FOUND: 50001,
  /** Conversation commands: a field is missing or does not meet the protocol. */
  RECENT_CONTACT_INVALID_PARAMS: 50002,
  /** Conversation commands: an internal error. */
  RECENT_CONTACT_INTERNAL: 50004,
  /** One-to-one message commands: a field is missing or does not meet the protocol. */
  OPENIM_INVALID_PARAMS: 90001,
  /** batchsendmsg: more than 500 recipients. */
  OPENIM_TOO_MANY_RECIPIENTS: 90011,
  /** MsgLifeTime over 7 days. */
  OPENIM_LIFE_TIME_INVALID: 90026,
  /** sendmsg, batchsendmsg: an account named does not exist. */
  OPENIM_ACCOUNT_NOT_FOUND: 90048,
  /** admin_getroammsg, admin_msgwithdraw, modify_c2c_msg, admin_set_msg_read: the acting account does not exist. */
  OPENIM_FROM_ACCOUNT_INVALID: 90008,
  /** The same commands' other account, and get_c2c_unread_msg_num's To_Account: it does not exist. */
  OPENIM_TO_ACCOUNT_INVALID: 90003,
  /** modify_c2c_msg: the MsgKey names no message From_Account sent To_Account. */
  OPENIM_MSG_KEY_INVALID: 90054,
  /** admin_msgwithdraw: the MsgKey names no message From_Account sent To_Account. */
  OPENIM_MSG_NOT_FOUND: 20022,
  /** admin_msgwithdraw: the message was revoked already. */
  OPENIM_MSG_ALREADY_REVOKED: 20023,
  /** One-to-one message commands: an internal error. */
  OPENIM_INTERNAL: 90994,
  /** Group commands: an internal error. */
  GROUP_INTERNAL: 10002,
  /** Group commands: a field is missing or does not meet the protocol. */
  GROUP_INVALID_PARAMS: 10004,
  /** group_msg_recall, per sequence: no message of the group has it. */
  GROUP_MSG_NOT_FOUND: 10030,
  /** group_msg_recall, per sequence: the message cannot be recalled (a group tip). */
  GROUP_MSG_NOT_RECALLABLE: 10032,
  /**
   * Group commands: not allowed, also for an account that is not a member (Tencent's 10007 "the
   * current user is not a group member"; its 10011 is a JSON parse failure).
   */
  GROUP_NO_PERMISSION: 10007,
  /** Group commands: an account named does not exist (where the SDK's group operations answer 20003). */
  GROUP_ACCOUNT_NOT_FOUND: 10019,
} as const;

export type RestErrorCode = (typeof RestErrorCode)[keyof typeof RestErrorCode];

export const restErrorMessages: Record<RestErrorCode, string> = {
  [RestErrorCode.HTTP_PARSE]: 'HTTP parse error: check the request URL',
  [RestErrorCode.JSON_PARSE]: 'JSON parse error: check the request body',
  [RestErrorCode.ACCOUNT_OR_SIG]: 'identifier or usersig is wrong',
  [RestErrorCode.SDKAPPID_INVALID]: 'sdkappid is not this deployment’s app',
  [RestErrorCode.RATE_LIMITED]: 'REST API call rate limit exceeded',
  [RestErrorCode.UNKNOWN_COMMAND]: 'no such service or command',
  [RestErrorCode.ADMIN_REQUIRED]: 'the request needs an app administrator',
  [RestErrorCode.SDKAPPID_MISSING]: 'the request URL names no sdkappid',
  [RestErrorCode.USERSIG_EXPIRED]: 'usersig expired',
  [RestErrorCode.USERSIG_INVALID]: 'usersig could not be parsed or verified',
  [RestErrorCode.USERSIG_USER_MISMATCH]: 'usersig was signed for another identifier',
  [RestErrorCode.USERSIG_APP_MISMATCH]: 'usersig was signed for another sdkappid',
  [RestErrorCode.ACCOUNT_NOT_IMPORTED]: 'the account was never imported',
  [RestErrorCode.ACCOUNT_INVALID_PARAMS]: 'invalid parameters',
  [RestErrorCode.ACCOUNT_INTERNAL]: 'internal error, try again',
  [RestErrorCode.PROFILE_INVALID_PARAMS]: 'invalid parameters',
  [RestErrorCode.PROFILE_ACCOUNT_NOT_FOUND]: 'Err_Profile_Invalid_Account',
  [RestErrorCode.PROFILE_INTERNAL]: 'internal error, try again',
  [RestErrorCode.PROFILE_TAG_NOT_FOUND]: 'no such profile tag',
  [RestErrorCode.PROFILE_VALUE_TOO_LONG]: 'a profile value is over 500 bytes',
  [RestErrorCode.PROFILE_VALUE_INVALID]: 'a standard profile field does not take this value',
  [RestErrorCode.PROFILE_VALUE_TYPE]: 'a standard profile field’s value is of the wrong type',
  [RestErrorCode.SNS_INVALID_PARAMS]: 'invalid parameters',
  [RestErrorCode.SNS_ACCOUNT_NOT_FOUND]: 'the account does not exist',
  [RestErrorCode.SNS_INTERNAL]: 'internal error, try again',
  [RestErrorCode.SNS_ADD_FORBIDDEN]: 'the user is not allowed to send friend requests',
  [RestErrorCode.SNS_NOT_FRIEND]: 'Err_SNS_FriendDelete_Not_Friend',
  [RestErrorCode.RECENT_CONTACT_ACCOUNT_NOT_FOUND]: 'the account was never imported',
  [RestErrorCode.RECENT_CONTACT_INVALID_PARAMS]: 'invalid parameters',
  [RestErrorCode.RECENT_CONTACT_INTERNAL]: 'internal error, try again',
  [RestErrorCode.OPENIM_INVALID_PARAMS]: 'invalid parameters',
  [RestErrorCode.OPENIM_TOO_MANY_RECIPIENTS]: 'a batch send names more than 500 recipients',
  [RestErrorCode.OPENIM_LIFE_TIME_INVALID]: 'MsgLifeTime is over 7 days',
  [RestErrorCode.OPENIM_ACCOUNT_NOT_FOUND]: 'the account does not exist',
  [RestErrorCode.OPENIM_FROM_ACCOUNT_INVALID]: 'the From_Account does not exist',
  [RestErrorCode.OPENIM_TO_ACCOUNT_INVALID]: 'the To_Account does not exist',
  [RestErrorCode.OPENIM_MSG_KEY_INVALID]: 'invalid MsgKey',
  [RestErrorCode.OPENIM_MSG_NOT_FOUND]: 'the message to recall does not exist',
  [RestErrorCode.OPENIM_MSG_ALREADY_REVOKED]: 'the message has been recalled',
  [RestErrorCode.OPENIM_INTERNAL]: 'internal error, try again',
  [RestErrorCode.GROUP_INTERNAL]: 'internal error, try again',
  [RestErrorCode.GROUP_INVALID_PARAMS]: 'invalid parameters',
  [RestErrorCode.GROUP_MSG_NOT_FOUND]: 'the message to recall does not exist',
  [RestErrorCode.GROUP_MSG_NOT_RECALLABLE]: 'the message cannot be recalled',
  [RestErrorCode.GROUP_NO_PERMISSION]: 'insufficient operation permission',
  [RestErrorCode.GROUP_ACCOUNT_NOT_FOUND]: 'the requested account does not exist',
};

/** A refusal of a REST API call: answered as {ActionStatus: 'FAIL', ErrorCode, ErrorInfo}. */
export class RestError extends Error {
  readonly code: number;

  constructor(code: RestErrorCode | number, message?: string) {
    super(message ?? (restErrorMessages as Record<number, string>)[code] ?? 'request refused');
    this.name = 'RestError';
    this.code = code;
  }
}

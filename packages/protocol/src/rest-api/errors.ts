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

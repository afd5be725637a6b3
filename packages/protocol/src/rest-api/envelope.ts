/** Where Tencent's server REST API lives: POST /v4/<service>/<command>?sdkappid&identifier&usersig&random&contenttype. */
export const REST_API_PREFIX = '/v4';

/** Every answer's head; a command's own fields sit beside these. */
export interface RestAnswer {
  ActionStatus: 'OK' | 'FAIL';
  ErrorCode: number;
  ErrorInfo: string;
}

export const REST_OK: RestAnswer = { ActionStatus: 'OK', ErrorCode: 0, ErrorInfo: '' };

/**
 * The portal's RuoYi-style envelope: every /prod-api answer is HTTP 200 with {code, msg, data};
 * `code` carries the outcome (spec portal.md §7–8). 200 is success.
 */
export const PortalCode = {
  OK: 200,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ERROR: 500,
  WARN: 601,
} as const;
export type PortalCode = (typeof PortalCode)[keyof typeof PortalCode];

/** Default texts of spec §8, in the portal's language. */
export const defaultPortalMessages: Record<PortalCode, string> = {
  200: '操作成功',
  401: '认证失败，无法访问系统资源',
  403: '当前操作没有权限',
  404: '访问资源不存在',
  500: '系统未知错误，请反馈给管理员',
  601: '操作未完成，请稍后重试',
};

/** The answer to a request the portal cannot even read (bad URL, JSON, content type). */
export const malformedRequest = { code: PortalCode.ERROR, msg: '请求格式不正确' } as const;

export interface Envelope<T> {
  code: PortalCode;
  msg: string;
  data?: T;
}

export function ok<T>(data?: T, msg: string = defaultPortalMessages[PortalCode.OK]): Envelope<T> {
  return data === undefined ? { code: PortalCode.OK, msg } : { code: PortalCode.OK, msg, data };
}

/** Thrown by portal handlers; the portal's error handler turns it into an envelope. */
export class PortalError extends Error {
  constructor(
    readonly code: Exclude<PortalCode, 200>,
    message: string = defaultPortalMessages[code],
  ) {
    super(message);
    this.name = 'PortalError';
  }
}

/** Texts the request layer shows or rejects with (spec §8). */
export const RequestText = {
  sessionExpired: '无效的会话，或者会话已过期，请重新登录。',
  networkError: '后端接口连接异常',
  timeout: '系统接口请求超时',
  duplicateSubmit: '数据正在处理，请勿重复提交',
  httpStatus: (status: number) => `系统接口${status}异常`,
} as const;

/** Default texts per envelope code; they take precedence over the server's msg, as in the original portal. */
const CODE_TEXT: Readonly<Record<number, string>> = {
  401: '认证失败，无法访问系统资源',
  403: '当前操作没有权限',
  404: '访问资源不存在',
};

const UNKNOWN_ERROR = '系统未知错误，请反馈给管理员';

export function textForCode(code: number, msg: string | undefined): string {
  return CODE_TEXT[code] ?? (msg || UNKNOWN_ERROR);
}

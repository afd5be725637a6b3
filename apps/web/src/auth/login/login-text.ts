/** Spec §5: what each login/register field says when left empty (checked on blur). */
export const RequiredText = {
  mobileNumber: '请输入手机号码',
  account: '请输入手机号/登录账号',
  password: '请输入密码',
  secPassword: '请输入确认密码',
  verifyCode: '请输入图形验证码',
  smsVerifyCode: '请输入验证码',
} as const;

export const PASSWORD_MISMATCH_TEXT = '两次输入的密码不一致，请重新输入';
export const SMS_SENT_TEXT = '验证码已发送，请查收短信';
/** The server's answer that makes the SMS countdown start over (docs/portal-api.md). */
export const SMS_EXPIRED_TEXT = '验证码已过期，请重新获取';
/** Spec §9. */
export const SMS_RESEND_SECONDS = 120;

export function resendText(seconds: number): string {
  return `${seconds}秒后重新发送`;
}

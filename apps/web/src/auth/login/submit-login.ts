import { loginByAccount, loginByMobile, portalKey } from '../../api/auth';
import type { Envelope, TokenData } from '../../api/types';
import { encryptSm4 } from '../../crypto/sm4';
import type { LoginMode } from '../../session/session-store';

export interface LoginValues {
  account?: string;
  password?: string;
  secPassword?: string;
  verifyCode?: string;
  mobileNumber?: string;
  smsVerifyCode?: string;
}

/**
 * Sends the form as the chosen mode requires (spec §7): account login encrypts the account,
 * password and captcha answer; registration encrypts both passwords; SMS login sends the code.
 * SMS login and registration carry the WeChat account's key in the 'bind account' mode.
 */
export async function submitLogin(
  mode: LoginMode,
  values: LoginValues,
  verifyCodeId: string,
  wechatKey?: string,
): Promise<Envelope<TokenData>> {
  const mobileNumber = (values.mobileNumber ?? '').trim();
  const smsVerifyCode = (values.smsVerifyCode ?? '').trim();
  const binding = wechatKey ? { wechatKey } : {};
  if (mode === 'sms') return loginByMobile({ mobileNumber, smsVerifyCode, ...binding });

  const key = await portalKey();
  const encrypt = (text: string | undefined) => encryptSm4(text ?? '', key);
  if (mode === 'register') {
    return loginByMobile({
      mobileNumber,
      smsVerifyCode,
      password: encrypt(values.password),
      secPassword: encrypt(values.secPassword),
      ...binding,
    });
  }
  return loginByAccount({
    loginName: encrypt(values.account?.trim()),
    password: encrypt(values.password),
    verifyCode: encrypt(values.verifyCode?.trim()),
    verifyCodeId,
  });
}

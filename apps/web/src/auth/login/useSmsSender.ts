import type { FormInstance } from 'antd';
import { useState } from 'react';
import type { SmsCodeRequest } from '../../api/auth';
import { RequestError } from '../../api/request';
import type { Captcha } from '../../api/types';
import { feedback } from '../../base/feedback';
import { SMS_EXPIRED_TEXT, SMS_RESEND_SECONDS, SMS_SENT_TEXT } from './login-text';
import { useCaptcha } from './useCaptcha';
import { useCountdown } from './useCountdown';

/** The fields a form sends an SMS code with: the mobile and the image captcha's answer. */
export interface SmsSenderFields {
  mobileNumber?: string;
  verifyCode?: string;
}

export interface SmsSender {
  captcha: Captcha | null;
  /** A new picture, its answer field emptied. */
  refreshCaptcha: () => void;
  /** Seconds until another code may be sent; 0 when it may. */
  remaining: number;
  isSending: boolean;
  /** Checks the mobile and captcha fields, then asks for a code (spec §5). */
  send: () => Promise<void>;
  /** After a code was refused: an expired one may be sent again at once. */
  handleCodeRefused: (error: unknown) => void;
}

/**
 * Sending an SMS code after an image captcha, as the login modal and the official-service
 * application do: the captcha, the resend countdown, the sending state, and a new captcha after
 * a failed send (the server takes an answer once, right or wrong).
 */
export function useSmsSender(
  form: FormInstance<SmsSenderFields>,
  sendCode: (request: SmsCodeRequest) => Promise<unknown>,
): SmsSender {
  const { captcha, refresh } = useCaptcha();
  const countdown = useCountdown(SMS_RESEND_SECONDS);
  const [isSending, setSending] = useState(false);

  function refreshCaptcha() {
    form.setFieldValue('verifyCode', '');
    void refresh();
  }

  async function send() {
    if (countdown.remaining > 0 || isSending) return;
    const values = await form.validateFields(['mobileNumber', 'verifyCode']).catch(() => null);
    if (!values || !captcha) return;
    setSending(true);
    try {
      await sendCode({
        mobileNumber: (values.mobileNumber ?? '').trim(),
        verifyCode: (values.verifyCode ?? '').trim(),
        verifyCodeId: captcha.id,
      });
      feedback.message.success(SMS_SENT_TEXT);
      countdown.start();
    } catch {
      // The request layer has shown the server's reason; another try needs a new picture.
      refreshCaptcha();
    } finally {
      setSending(false);
    }
  }

  function handleCodeRefused(error: unknown) {
    if (error instanceof RequestError && error.message === SMS_EXPIRED_TEXT) countdown.reset();
  }

  return { captcha, refreshCaptcha, remaining: countdown.remaining, isSending, send, handleCodeRefused };
}

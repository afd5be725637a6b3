import { useEffect, useState } from 'react';
import { clientConfig } from '../../api/auth';

export interface LoginOptions {
  /** SMS login and registration are on (assumed until the server says otherwise). */
  smsLogin: boolean;
  /** WeChat login is configured (its icon is hidden until the server says so). */
  wechatLogin: boolean;
}

const ASSUMED: LoginOptions = { smsLogin: true, wechatLogin: false };

/** Which ways to log in the server offers. */
export function useLoginOptions(): LoginOptions {
  const [options, setOptions] = useState(ASSUMED);
  useEffect(() => {
    let current = true;
    clientConfig().then(
      (config) => {
        if (current) setOptions({ smsLogin: config.smsLogin, wechatLogin: config.wechatLogin === true });
      },
      // The request layer has told the user; the form stays as it is.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return options;
}

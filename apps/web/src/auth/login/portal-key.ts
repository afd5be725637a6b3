import { useEffect, useState } from 'react';
import { fetchClientConfig } from '../../api/auth';
import type { ClientConfig } from '../../api/types';

let pending: Promise<ClientConfig> | null = null;

/** The server's login settings; fetched once per page, again after a failure. */
function clientConfig(): Promise<ClientConfig> {
  if (!pending) {
    const request = fetchClientConfig().then(({ data }) => data);
    request.catch(() => {
      pending = null;
    });
    pending = request;
  }
  return pending;
}

/** The SM4 key login fields are encrypted with. */
export function portalKey(): Promise<string> {
  return clientConfig().then((config) => config.sm4Key);
}

/** Whether SMS login and registration are on (assumed until the server says otherwise). */
export function useSmsLogin(): boolean {
  const [smsLogin, setSmsLogin] = useState(true);
  useEffect(() => {
    let current = true;
    clientConfig().then(
      (config) => {
        if (current) setSmsLogin(config.smsLogin);
      },
      // The request layer has told the user; the form stays as it is.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return smsLogin;
}

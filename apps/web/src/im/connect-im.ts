import { fetchImCredentials } from '../api/self-center';
import type { UserType } from '../api/types';
import { IM_OFFLINE, type ImContextValue, type ImStatus } from './im-context';
import { kitLanguage } from './kit-language';

/** Spec §4: messaging is for real-name verified persons and enterprises. */
export function mayUseMessaging(userType: UserType | undefined): boolean {
  return userType === 1 || userType === 2;
}

/**
 * Fetches the user's IM credentials and, when the server allows it, logs the SDK in on this
 * origin (the server answers the socket at /im). Reports every change of state; returns a
 * function that ends it all. Failures are logged, not shown (spec §8): the portal works
 * without messaging.
 */
export function connectIm(onChange: (value: ImContextValue) => void): () => void {
  let stopped = false;
  let current = IM_OFFLINE;
  const report = (next: ImContextValue) => {
    current = next;
    if (!stopped) onChange(next);
  };

  async function run() {
    const { data } = await fetchImCredentials();
    if (stopped || !data.canConnect) return;
    // Loaded on demand: visitors and unverified users never need the SDK (nor its schemas).
    const { default: LiaisonChat } = await import('@liaison/sdk');
    if (stopped) return;
    const chat = LiaisonChat.create({ SDKAppID: data.sdkAppID, server: window.location.origin });
    const language = kitLanguage(data.sdkAppID);
    const setStatus = (status: ImStatus) => report({ chat, status, language });
    chat.on(LiaisonChat.EVENT.NET_STATE_CHANGE, (event) =>
      setStatus(event.data.state === LiaisonChat.TYPES.NET_STATE_CONNECTED ? 'connected' : 'connecting'),
    );
    chat.on(LiaisonChat.EVENT.SDK_NOT_READY, () => setStatus('disconnected'));
    setStatus('connecting');
    await chat.login({ userID: data.userID, userSig: data.userSig });
    setStatus('connected');
  }

  run().catch((error: unknown) => {
    // Ending it mid-login makes the login fail; that is no failure worth logging.
    if (stopped) return;
    console.error('消息服务登录失败', error);
    report({ ...current, status: 'disconnected' });
  });

  return () => {
    stopped = true;
    void current.chat?.destroy();
  };
}

// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import '../test/dom';
import LiaisonChat, { ChatSDK } from '@liaison/sdk';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { sessionStore } from '../session/session-store';
import { pageSockets, setPageUrl, withPortalServer } from '../test/portal-server';
import { ImProvider } from './ImProvider';
import { ImStatusLine } from './ImStatusLine';
import { useIm } from './im-context';

const portal = withPortalServer();

function KitLanguage() {
  return <output aria-label="kit language">{useIm().language}</output>;
}

function renderMessages() {
  render(
    <AppProviders>
      <ImProvider>
        <ImStatusLine />
        <KitLanguage />
      </ImProvider>
    </AppProviders>,
  );
}

/** Logs a demo person in through the API and stores the session, as a reload finds it. */
async function logIn(loginName: string) {
  await portal.enterSession(await portal.login(loginName));
  portal.calls.length = 0;
}

/** The IM credentials the portal handed the page in this test. */
function credentials() {
  const call = portal.calls.find((c) => c.path === '/portal/self/center/im/gen/userSig');
  const answer = call?.answer as { data?: { sdkAppID: number; userID: string; userSig: string } } | undefined;
  if (!answer?.data) throw new Error('the page fetched no IM credentials');
  return answer.data;
}

// Spies only: the real SDK runs, against the real server.
const create = vi.spyOn(LiaisonChat, 'create');
const login = vi.spyOn(ChatSDK.prototype, 'login');
const destroy = vi.spyOn(ChatSDK.prototype, 'destroy');

beforeEach(() => {
  create.mockClear();
  login.mockClear();
  destroy.mockClear();
});

afterEach(() => {
  setPageUrl(`${portal.server().url}/index`);
});

describe('messaging login', () => {
  it('logs the SDK in on this origin with the credentials the portal hands out', async () => {
    await logIn('zhangwei');
    renderMessages();
    expect(await screen.findByText('消息服务已连接')).toBeTruthy();
    const { sdkAppID, userID, userSig } = credentials();
    expect(sdkAppID).toBe(1400000001);
    expect(create).toHaveBeenCalledWith({ SDKAppID: 1400000001, server: window.location.origin });
    expect(window.location.origin).toBe(portal.server().url);
    expect(login).toHaveBeenCalledWith({ userID, userSig });
    expect(userID).toBe(sessionStore.getState().person?.userId);
    expect(screen.getByLabelText('kit language').textContent).toBe('zh-CN');
  });

  it('follows the connection as the SDK reports it', async () => {
    await logIn('zhangwei');
    renderMessages();
    await screen.findByText('消息服务已连接');
    // The network drops the socket; the SDK reconnects by itself.
    for (const socket of pageSockets) socket.terminate();
    expect(await screen.findByText('正在连接消息服务…')).toBeTruthy();
    expect(await screen.findByText('消息服务已连接', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('logs a failed login instead of showing it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await logIn('zhangwei');
    // Served from an origin where nothing answers the socket: the SDK login fails.
    setPageUrl('http://127.0.0.1:9/index');
    renderMessages();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('消息服务登录失败', expect.any(Error)));
    expect(screen.getByText('消息服务未连接')).toBeTruthy();
    // Other errors may be logged too (a late React warning): the login's is the one named so.
    const error = logged.mock.calls.find(([text]) => text === '消息服务登录失败')?.[1] as Error;
    expect(screen.queryByText(error.message)).toBeNull();
    logged.mockRestore();
  });

  it('does not connect a user who has not verified their real name', async () => {
    await logIn('chenlei');
    renderMessages();
    expect(await screen.findByText('完成实名认证后即可使用消息服务。')).toBeTruthy();
    expect(screen.getByText('消息服务未连接')).toBeTruthy();
    expect(portal.calls).toHaveLength(0);
    expect(create).not.toHaveBeenCalled();
  });

  it('ends the SDK session when the user logs out', async () => {
    await logIn('zhangwei');
    renderMessages();
    await screen.findByText('消息服务已连接');
    act(() => sessionStore.clearIdentity());
    expect(await screen.findByText('消息服务未连接')).toBeTruthy();
    expect(destroy).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(pageSockets.size).toBe(0));
  });
});

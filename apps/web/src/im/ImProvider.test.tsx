// @vitest-environment jsdom
import '../test/dom';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Person } from '../api/types';
import { AppProviders } from '../app/AppProviders';
import { sessionStore } from '../auth/session-store';
import { fakeApi, ok } from '../test/fake-api';
import { ImProvider } from './ImProvider';
import { ImStatusLine } from './ImStatusLine';
import { useIm } from './im-context';

type Listener = (event: { data: { state: string } }) => void;

const sdk = vi.hoisted(() => {
  const listeners = new Map<string, Listener>();
  const chat = {
    on: vi.fn((name: string, listener: Listener) => listeners.set(name, listener)),
    login: vi.fn<(options: { userID: string; userSig: string }) => Promise<unknown>>(),
    destroy: vi.fn(async () => undefined),
  };
  return { chat, listeners, create: vi.fn(() => chat) };
});

vi.mock('@liaison/sdk', () => ({
  default: {
    create: sdk.create,
    EVENT: { NET_STATE_CHANGE: 'netStateChange', SDK_NOT_READY: 'sdkStateNotReady' },
    TYPES: { NET_STATE_CONNECTED: 'connected' },
  },
}));

const ENTERPRISE: Partial<Person> = { userId: 'u9', userType: 2, status: 1, realPersonAuthStatus: 1 };

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

function logIn(person: Partial<Person>, sdkAppID = 1400000001) {
  sessionStore.update({ loginStatus: true, user: { token: 'tok' }, person: person as Person });
  return fakeApi({
    'GET /portal/self/center/im/gen/userSig': ok({
      canConnect: person.userType === 1 || person.userType === 2,
      sdkAppID,
      userID: 'u9',
      userSig: 'sig-u9',
    }),
  });
}

beforeEach(() => {
  sdk.create.mockClear();
  sdk.chat.login.mockReset();
  sdk.chat.destroy.mockClear();
  sdk.listeners.clear();
});

describe('messaging login', () => {
  it('logs the SDK in on this origin with the credentials the portal hands out', async () => {
    sdk.chat.login.mockResolvedValue({ code: 0, data: { repeatLogin: false } });
    logIn(ENTERPRISE);
    renderMessages();
    expect(await screen.findByText('消息服务已连接')).toBeTruthy();
    expect(sdk.create).toHaveBeenCalledWith({ SDKAppID: 1400000001, server: window.location.origin });
    expect(sdk.chat.login).toHaveBeenCalledWith({ userID: 'u9', userSig: 'sig-u9' });
    expect(screen.getByLabelText('kit language').textContent).toBe('zh-CN');
  });

  it('follows the connection as the SDK reports it', async () => {
    sdk.chat.login.mockResolvedValue({ code: 0, data: { repeatLogin: false } });
    logIn(ENTERPRISE);
    renderMessages();
    await screen.findByText('消息服务已连接');
    act(() => sdk.listeners.get('netStateChange')?.({ data: { state: 'connecting' } }));
    expect(screen.getByText('正在连接消息服务…')).toBeTruthy();
    act(() => sdk.listeners.get('netStateChange')?.({ data: { state: 'connected' } }));
    expect(screen.getByText('消息服务已连接')).toBeTruthy();
  });

  it('chooses the English kit for an international application id', async () => {
    sdk.chat.login.mockResolvedValue({ code: 0, data: { repeatLogin: false } });
    logIn(ENTERPRISE, 20_000_001);
    renderMessages();
    await screen.findByText('消息服务已连接');
    expect(screen.getByLabelText('kit language').textContent).toBe('en');
  });

  it('logs a failed login instead of showing it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sdk.chat.login.mockRejectedValue(Object.assign(new Error('userSig expired'), { code: 70001 }));
    logIn(ENTERPRISE);
    renderMessages();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('消息服务登录失败', expect.any(Error)));
    expect(screen.getByText('消息服务未连接')).toBeTruthy();
    expect(screen.queryByText('userSig expired')).toBeNull();
    logged.mockRestore();
  });

  it('does not connect a user who has not verified their real name', async () => {
    const calls = logIn({ userId: 'u9', userType: 0, realPersonAuthStatus: 0 });
    renderMessages();
    expect(await screen.findByText('完成实名认证后即可使用消息服务。')).toBeTruthy();
    expect(screen.getByText('消息服务未连接')).toBeTruthy();
    expect(calls).toHaveLength(0);
    expect(sdk.create).not.toHaveBeenCalled();
  });

  it('ends the SDK session when the user logs out', async () => {
    sdk.chat.login.mockResolvedValue({ code: 0, data: { repeatLogin: false } });
    logIn(ENTERPRISE);
    renderMessages();
    await screen.findByText('消息服务已连接');
    act(() => sessionStore.clearIdentity());
    expect(await screen.findByText('消息服务未连接')).toBeTruthy();
    expect(sdk.chat.destroy).toHaveBeenCalledTimes(1);
  });
});

// @vitest-environment jsdom
import '../../test/dom';
import { createDecipheriv } from 'node:crypto';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { reloadPage } from '../../app/page';
import { type ApiCall, fakeApi, type Handler, ok, refused } from '../../test/fake-api';
import { closeLoginModal, type LoginMode, openLoginModal, sessionStore } from '../session-store';
import { LoginModal } from './LoginModal';

vi.mock('../../app/page', () => ({ reloadPage: vi.fn() }));

const SM4_KEY = '00112233445566778899aabbccddeeff';

function decrypt(base64: unknown): string {
  const decipher = createDecipheriv('sm4-ecb', Buffer.from(SM4_KEY, 'hex'), null);
  return Buffer.concat([decipher.update(Buffer.from(String(base64), 'base64')), decipher.final()]).toString();
}

let captchas = 0;
const PERSON = { userId: 'u7', nickName: '测试用户', userType: 0, realPersonAuthStatus: 0, betaStatus: null };

/** The portal as the modal meets it; `overrides` replace single answers. */
function portal(overrides: Record<string, Handler> = {}): ApiCall[] {
  return fakeApi({
    'GET /portal/verify/code/arithmetic': () => {
      captchas += 1;
      return ok({ id: `captcha-${captchas}`, verifyCode: `data:image/svg+xml;base64,Q${captchas}` });
    },
    'GET /portal/client/config': ok({ sm4Key: SM4_KEY }),
    'GET /portal/self/center/info': ok(PERSON),
    'GET /portal/self/center/get/permission': ok({ roles: ['common'], permissions: [] }),
    ...overrides,
  });
}

function openModal(mode: LoginMode = 'account') {
  act(() => openLoginModal(mode));
}

function renderModal(mode: LoginMode = 'account') {
  render(
    <AppProviders>
      <LoginModal />
    </AppProviders>,
  );
  openModal(mode);
}

function field(name: string): HTMLElement {
  return screen.getByLabelText(name);
}

function type(name: string, value: string) {
  fireEvent.change(field(name), { target: { value } });
}

function blur(name: string) {
  fireEvent.blur(field(name));
}

async function captchaShown(): Promise<string> {
  const picture = await screen.findByAltText('图形验证码');
  await waitFor(() => expect(picture.getAttribute('src')).toBe(`data:image/svg+xml;base64,Q${captchas}`));
  return picture.getAttribute('src') ?? '';
}

const posts = (calls: ApiCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

beforeEach(() => {
  vi.mocked(reloadPage).mockClear();
});

describe('the login modal', () => {
  it('opens on account login, 400 px wide, with both login tabs and the +86 prefix on SMS login', async () => {
    portal();
    renderModal();
    expect(await screen.findByRole('dialog', { name: '用户登录' })).toBeTruthy();
    expect(document.querySelector<HTMLElement>('.ant-modal')?.style.width).toBe('400px');
    expect(screen.getByRole('tab', { name: '账号登录', selected: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '短信登录' }));
    expect(await screen.findByText('+86')).toBeTruthy();
    expect(field('手机号')).toBeTruthy();
  });

  it('loads a fresh captcha each time it opens, and another when the picture is clicked', async () => {
    const calls = portal();
    renderModal();
    const first = await captchaShown();
    act(() => closeLoginModal());
    openModal();
    const second = await captchaShown();
    expect(second).not.toBe(first);
    fireEvent.click(screen.getByRole('button', { name: '看不清，换一张' }));
    const third = await captchaShown();
    expect(third).not.toBe(second);
    expect(calls.filter((c) => c.path === '/portal/verify/code/arithmetic')).toHaveLength(3);
  });

  it('tells on blur what each empty field needs, in every mode', async () => {
    portal();
    renderModal();
    await captchaShown();
    blur('账号');
    blur('密码');
    blur('图形验证码');
    expect(await screen.findByText('请输入手机号/登录账号')).toBeTruthy();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(await screen.findByText('请输入图形验证码')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '没有账号？立即注册' }));
    expect(await screen.findByRole('dialog', { name: '账号注册' })).toBeTruthy();
    blur('手机号');
    blur('短信验证码');
    blur('确认密码');
    expect(await screen.findByText('请输入手机号码')).toBeTruthy();
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    expect(await screen.findByText('请输入确认密码')).toBeTruthy();
  });

  it('clears the validation messages when switching mode', async () => {
    portal();
    renderModal('sms');
    await captchaShown();
    blur('手机号');
    expect(await screen.findByText('请输入手机号码')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '没有账号？立即注册' }));
    expect(await screen.findByRole('dialog', { name: '账号注册' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('请输入手机号码')).toBeNull());
    expect(field('手机号')).toBeTruthy();
  });

  it('logs in by account with the SM4-encrypted fields, stores the token, toasts and reloads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = portal({ 'POST /portal/login/normal': ok({ token: 'jwt-1' }, '登录成功') });
    renderModal();
    await captchaShown();
    type('账号', 'zhangsan');
    type('密码', 'Secret123');
    type('图形验证码', '7');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByText('登录成功')).toBeTruthy();
    const [login] = posts(calls, '/portal/login/normal');
    const body = login?.body as Record<string, string>;
    expect(decrypt(body.loginName)).toBe('zhangsan');
    expect(decrypt(body.password)).toBe('Secret123');
    expect(decrypt(body.verifyCode)).toBe('7');
    expect(body.verifyCodeId).toBe(`captcha-${captchas}`);
    expect(login?.authorization).toBeNull();
    expect(sessionStore.getState()).toMatchObject({ user: { token: 'jwt-1' }, loginStatus: true, person: PERSON });
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual({ token: 'jwt-1' });
    expect(calls.find((c) => c.path === '/portal/self/center/info')?.authorization).toBe('Bearer jwt-1');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('shows why a login failed and loads a new captcha', async () => {
    portal({ 'POST /portal/login/normal': refused('用户名或密码错误') });
    renderModal();
    const before = await captchaShown();
    type('账号', 'lisi');
    type('密码', 'Wrong1234');
    type('图形验证码', '3');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    expect(await captchaShown()).not.toBe(before);
    expect((field('图形验证码') as HTMLInputElement).value).toBe('');
    expect(sessionStore.getState().loginStatus).toBe(false);
  });

  it('points out different register passwords yet still submits them, encrypted', async () => {
    const calls = portal({ 'POST /portal/login/mobile': refused('两次输入的密码不一致') });
    renderModal('register');
    await captchaShown();
    type('手机号', '13800000001');
    type('图形验证码', '9');
    type('短信验证码', '246810');
    type('密码', 'Passw0rd1');
    type('确认密码', 'Passw0rd2');
    blur('确认密码');
    expect(await screen.findByText('两次输入的密码不一致，请重新输入')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '注册' }));

    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    const [register] = posts(calls, '/portal/login/mobile');
    const body = register?.body as Record<string, string>;
    expect(body.mobileNumber).toBe('13800000001');
    expect(body.smsVerifyCode).toBe('246810');
    expect(decrypt(body.password)).toBe('Passw0rd1');
    expect(decrypt(body.secPassword)).toBe('Passw0rd2');
  });

  it('logs in by SMS without the captcha, which only serves to send the code', async () => {
    const calls = portal({ 'POST /portal/login/mobile': refused('验证码错误') });
    renderModal('sms');
    await captchaShown();
    type('手机号', '13800000004');
    type('短信验证码', '135790');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('验证码错误')).toBeTruthy();
    type('短信验证码', '246810');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(posts(calls, '/portal/login/mobile')).toHaveLength(2));
    expect(posts(calls, '/portal/login/mobile').map((c) => c.body)).toEqual([
      { mobileNumber: '13800000004', smsVerifyCode: '135790' },
      { mobileNumber: '13800000004', smsVerifyCode: '246810' },
    ]);
  });
});

describe('the SMS button', () => {
  it('asks for the mobile number and captcha before sending', async () => {
    const calls = portal();
    renderModal('sms');
    await captchaShown();
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入手机号码')).toBeTruthy();
    expect(await screen.findByText('请输入图形验证码')).toBeTruthy();
    expect(posts(calls, '/portal/login/send/sms/code')).toHaveLength(0);
  });

  it('counts 120 seconds down after a send, ignores clicks meanwhile, and starts over when the code expired', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = portal({
      'POST /portal/login/send/sms/code': ok(null, '验证码已发送，请查收短信'),
      'POST /portal/login/mobile': refused('验证码已过期，请重新获取'),
    });
    renderModal('sms');
    await captchaShown();
    const sentWith = `captcha-${captchas}`;
    type('手机号', '13800000002');
    type('图形验证码', '12');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));

    expect(await screen.findByText('验证码已发送，请查收短信')).toBeTruthy();
    expect(posts(calls, '/portal/login/send/sms/code')[0]?.body).toEqual({
      mobileNumber: '13800000002',
      verifyCode: '12',
      verifyCodeId: sentWith,
    });
    const button = await screen.findByRole('button', { name: '120秒后重新发送' });
    expect(button.hasAttribute('disabled')).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('button', { name: '119秒后重新发送' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '119秒后重新发送' }));
    expect(posts(calls, '/portal/login/send/sms/code')).toHaveLength(1);

    type('短信验证码', '111111');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('验证码已过期，请重新获取')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '获取验证码' })).toBeTruthy();
  });

  it('frees itself when the countdown ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    portal({ 'POST /portal/login/send/sms/code': ok(null, '验证码已发送，请查收短信') });
    renderModal('sms');
    await captchaShown();
    type('手机号', '13800000003');
    type('图形验证码', '5');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '120秒后重新发送' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(screen.getByRole('button', { name: '获取验证码' }).hasAttribute('disabled')).toBe(false);
  });
});
